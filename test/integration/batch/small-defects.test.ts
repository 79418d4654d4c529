/**
 * Smaller defects of issue 17 item 10, each end to end through the command line: --offline keeps
 * a URL input's own origin (and only it), a file with a backslash in its name, gzipped standard
 * input, and `viseg report` given a malformed record.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostilePage } from '../browser/hostile-kit.js';
import { CHROMIUM, CLI, haveChromium, parseJsonl, ROOT, runCli, tempDir } from './helpers.js';

let own: Server;
let other: Server;
let ownPort: number;
let otherHits: string[];

async function listen(s: Server): Promise<number> {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
}

beforeAll(async () => {
  otherHits = [];
  other = createServer((req, res) => {
    otherHits.push(req.url ?? '');
    res.end('OTHER-ORIGIN-REACHED');
  });
  const otherPort = await listen(other);
  own = createServer((req, res) => {
    if (req.url === '/data.txt') {
      res.end('own origin data');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(hostilePage('Offline URL', `(async () => {
      await grab('/data.txt');
      await grab('http://127.0.0.1:${otherPort}/x');
      done();
    })();`));
  });
  ownPort = await listen(own);
});

afterAll(async () => {
  for (const s of [own, other]) {
    s?.closeAllConnections();
    await new Promise((r) => s?.close(r));
  }
});

/** Run the CLI with `stdin` piped in. */
function runWithStdin(args: string[], stdin: Buffer): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: { ...process.env, VISEG_BROWSER_PATH: CHROMIUM } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(stdin);
  });
}

describe.skipIf(!haveChromium)('smaller defects', () => {
  it('--offline renders a URL input from its own origin and refuses every other', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'out.jsonl');
    const run = await runCli(['extract', `http://127.0.0.1:${ownPort}/page.html`, '--offline', '-q', '--out', out, '--wait-for', '#attack-done']);
    expect(run.code, run.stderr).toBe(0);
    const [r] = parseJsonl(readFileSync(out, 'utf8'));
    expect(r!.text).toContain('[/data.txt => 200 own origin data]');
    expect(r!.text).not.toContain('OTHER-ORIGIN-REACHED');
    expect(otherHits).toEqual([]);
  }, 120_000);

  it('renders a local file with a backslash in its name', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'back\\slash.html');
    writeFileSync(file, hostilePage('Backslash', `show('name', 'fine'); done();`));
    const run = await runCli(['extract', file, '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const r = JSON.parse(run.stdout) as { ok: boolean; text: string };
    expect(r.ok).toBe(true);
    expect(r.text).toContain('[name => fine]');
  }, 120_000);

  it('reads gzipped standard input', async () => {
    const run = await runWithStdin(['extract', '-', '--format', 'json'], gzipSync(hostilePage('Piped', `show('stdin', 'gzipped'); done();`)));
    expect(run.code, run.stderr).toBe(0);
    const r = JSON.parse(run.stdout) as { ok: boolean; text: string };
    expect(r.ok).toBe(true);
    expect(r.text).toContain('[stdin => gzipped]');
  }, 120_000);

  it('viseg report leaves a malformed record out with a warning and reports the others', async () => {
    const dir = tempDir();
    const good = (input: string) => ({
      input, ok: true, url: null, finalUrl: null, title: input, byline: null, publishedTime: null, siteName: null, lang: null, leadImage: null,
      excerpt: null, wordCount: 2, pageType: 'article', strategy: 'vips', text: 'two words', html: '<p>two words</p>', markdown: 'two words',
      mainBlock: null, timings: { load: 1, snapshot: 1, segment: 1, classify: 1, content: 1, total: 5 }, warnings: [],
    });
    const bad = { ...good('bad.html'), warnings: 'not a list', decision: { blocks: [{}] } };
    const jsonl = path.join(dir, 'results.jsonl');
    writeFileSync(jsonl, [good('first.html'), bad, good('last.html')].map((r) => JSON.stringify(r)).join('\n') + '\n');
    const html = path.join(dir, 'report.html');
    const run = await runCli(['report', jsonl, '-o', html]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/line 2 skipped: not a viseg record/);
    expect(existsSync(html)).toBe(true);
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('first.html');
    expect(page).toContain('last.html');
  }, 60_000);
});
