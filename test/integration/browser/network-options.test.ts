/**
 * The network options (--user-agent, --header, --cookie, --cookies-file, --proxy, --block,
 * --browser-arg, --config) against loopback servers that record what they receive: what a URL
 * input sends, and that a local file in the same batch sends none of it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, parseJsonl, runCli, tempDir } from '../batch/helpers.js';
import { hostilePage } from './hostile-kit.js';

interface Seen {
  url: string;
  headers: IncomingMessage['headers'];
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

let site: Server;
let tracker: Server;
let proxy: Server;
let sitePort: number;
let trackerPort: number;
let proxyPort: number;
const siteSeen: Seen[] = [];
const trackerSeen: Seen[] = [];
const proxySeen: Seen[] = [];
let dir: string;
/** A loaded machine takes long to start a browser; nothing here waits on a clock otherwise. */
const SLOW = { killAfterMs: 150_000 };

const page = (trackerPort: number) =>
  hostilePage(
    'Remote story',
    `fetch('/echo').then((r) => r.text()).then((t) => { show('echo', t); done(); });`,
    '',
    `<script src="/ads/track.js"></script><script src="http://localhost:${trackerPort}/t.js"></script>`,
  );

beforeAll(async () => {
  dir = tempDir('viseg-netopts-');
  site = createServer((req, res) => {
    siteSeen.push({ url: req.url ?? '', headers: req.headers });
    if (req.url === '/page.html') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(page(trackerPort));
    } else if (req.url === '/echo') {
      res.end(`ua=${req.headers['user-agent']} x-team=${req.headers['x-team'] ?? ''} cookie=${req.headers.cookie ?? ''}`);
    } else if (req.url?.startsWith('/ads/')) {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(`show('ads', 'loaded');`);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  tracker = createServer((req, res) => {
    trackerSeen.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'Content-Type': 'text/javascript' });
    res.end(`show('tracker', 'loaded');`);
  });
  // An HTTP proxy that asks for credentials, then serves every page itself.
  proxy = createServer((req, res) => {
    proxySeen.push({ url: req.url ?? '', headers: req.headers });
    if (req.headers['proxy-authorization'] !== `Basic ${Buffer.from('ann:s3cret').toString('base64')}`) {
      res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="test"' });
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(hostilePage('Through the proxy', `show('proxied', location.host); done();`));
  });
  [sitePort, trackerPort, proxyPort] = await Promise.all([listen(site), listen(tracker), listen(proxy)]);
  writeFileSync(path.join(dir, 'local.html'), hostilePage('Local story', `show('local', 'fine'); done();`));
});

afterAll(async () => {
  for (const s of [site, tracker, proxy]) {
    s?.closeAllConnections();
    await new Promise((r) => s?.close(r));
  }
});

const reset = () => {
  siteSeen.length = 0;
  trackerSeen.length = 0;
  proxySeen.length = 0;
};

describe.skipIf(!haveChromium)('network options', () => {
  it('sends the user agent, headers and cookies with URL inputs, skips --block requests, and keeps local files out of it', async () => {
    reset();
    const cookies = path.join(dir, 'cookies.txt');
    writeFileSync(cookies, `# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t0\tfromfile\tnetscape\n#HttpOnly_127.0.0.1\tFALSE\t/\tFALSE\t0\thidden\tyes\n`);
    const out = path.join(dir, 'a.jsonl');
    const run = await runCli([
      'extract', `http://127.0.0.1:${sitePort}/page.html`, path.join(dir, 'local.html'), '-q', '-c', '1', '--out', out, '--wait-for', '#attack-done',
      '--user-agent', 'VisegTest/1.0', '--header', 'X-Team: blue', '--header', 'Accept-Language: fr',
      '--cookie', 'session=abc123', '--cookies-file', cookies, '--block', '*/ads/*', '--block', 'localhost',
    ], SLOW);
    expect(run.code, run.stderr).toBe(0);
    const [remote, local] = parseJsonl(readFileSync(out, 'utf8'));
    expect(remote!.text).toContain('ua=VisegTest/1.0 x-team=blue');
    expect(remote!.text).toMatch(/cookie=[^\]]*session=abc123/);
    expect(remote!.text).toMatch(/cookie=[^\]]*fromfile=netscape/);
    expect(remote!.text).toMatch(/cookie=[^\]]*hidden=yes/);
    expect(remote!.text).not.toContain('[ads => loaded]');
    expect(remote!.text).not.toContain('[tracker => loaded]');
    const pageRequest = siteSeen.find((s) => s.url === '/page.html')!;
    expect(pageRequest.headers['user-agent']).toBe('VisegTest/1.0');
    expect(pageRequest.headers['accept-language']).toBe('fr');
    expect(siteSeen.map((s) => s.url)).not.toContain('/ads/track.js');
    expect(trackerSeen).toEqual([]);
    expect(local!.ok).toBe(true);
    expect(local!.text).toContain('[local => fine]');
  }, 200_000);

  it('goes through --proxy (with its credentials) for URL inputs only', async () => {
    reset();
    const out = path.join(dir, 'b.jsonl');
    const run = await runCli([
      'extract', 'http://story.example/page.html', path.join(dir, 'local.html'), '-q', '-c', '1', '--out', out,
      '--proxy', `http://ann:s3cret@127.0.0.1:${proxyPort}`,
    ], SLOW);
    expect(run.code, run.stderr).toBe(0);
    const [remote, local] = parseJsonl(readFileSync(out, 'utf8'));
    expect(remote!.text).toContain('[proxied => story.example]');
    expect(proxySeen.some((s) => s.url === 'http://story.example/page.html' && s.headers['proxy-authorization'])).toBe(true);
    expect(proxySeen.every((s) => s.url.startsWith('http://story.example/'))).toBe(true);
    expect(local!.text).toContain('[local => fine]');
  }, 200_000);

  it('reads options from --config (YAML or JSON); flags given on the command line win', async () => {
    reset();
    const yaml = path.join(dir, 'viseg.yaml');
    writeFileSync(yaml, `userAgent: FromConfig/2.0\nheaders:\n  X-Team: green\nblock:\n  - "*/ads/*"\nwait-for: "#attack-done"\nquiet: true\nconcurrency: 1\n`);
    const out = path.join(dir, 'c.jsonl');
    let run = await runCli(['extract', `http://127.0.0.1:${sitePort}/page.html`, '--out', out, '--config', yaml, '--header', 'X-Team: red'], SLOW);
    expect(run.code, run.stderr).toBe(0);
    let [r] = parseJsonl(readFileSync(out, 'utf8'));
    expect(r!.text).toContain('ua=FromConfig/2.0 x-team=red');
    expect(r!.text).not.toContain('[ads => loaded]');

    const json = path.join(dir, 'viseg.json');
    writeFileSync(json, JSON.stringify({ browserArgs: ['--user-agent=FromBrowserArg/3.0'], waitFor: '#attack-done', quiet: true }));
    run = await runCli(['extract', `http://127.0.0.1:${sitePort}/page.html`, '--out', out, '--config', json], SLOW);
    expect(run.code, run.stderr).toBe(0);
    [r] = parseJsonl(readFileSync(out, 'utf8'));
    expect(r!.text).toContain('ua=FromBrowserArg/3.0');

    writeFileSync(json, JSON.stringify({ timout: 5000 }));
    run = await runCli(['extract', `http://127.0.0.1:${sitePort}/page.html`, '--config', json]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('timout');
    writeFileSync(json, JSON.stringify({ timeout: 'soon' }));
    run = await runCli(['extract', `http://127.0.0.1:${sitePort}/page.html`, '--config', json]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('timeout');
  }, 400_000);
});
