/**
 * Saved pages whose scripts hide or destroy their content offline (pipeline/recover.ts): the
 * content comes back, and the record says how (warning CONTENT_RECOVERED, `recovery`, and the
 * decision record with --explain); pages whose content only JavaScript builds, apps that show
 * their `<noscript>` content themselves, and ordinary pages with hidden menus, are left as they are.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, parseJsonl, runCli, tempDir } from '../batch/helpers.js';

const PROSE = Array.from(
  { length: 12 },
  (_, i) => `<p>Paragraph ${i + 1} of the story tells how the harbour office opened its records to the public this spring, and how the ledgers show the town trading through three centuries of storms, wars and fashions.</p>`,
).join('');

/** A sentence only the noscript of the working app holds. */
const NOSCRIPT_ONLY = 'This forum works best with JavaScript enabled in your browser settings.';

const PAGES: Record<string, string> = {
  // the "anti-flicker" pattern: hidden until a script that never loads offline lifts it
  'body-hidden.html': `<!doctype html><html><head><title>Body hidden</title><style>body{display:none}</style>
    <script src="https://cdn.example.com/optimize.js"></script></head><body><article><h1>Body hidden</h1>${PROSE}</article>
    <script>fetch('https://cdn.example.com/flags.json').then(() => { document.body.style.display = 'block'; });</script></body></html>`,
  'wrapper-hidden.html': `<!doctype html><html><head><title>Wrapper hidden</title><style>.loading #page{visibility:hidden}</style></head>
    <body class="loading"><div id="page"><nav><a href="/">Home</a> <a href="/about">About</a></nav><article><h1>Wrapper hidden</h1>${PROSE}</article></div></body></html>`,
  // an app that replaces the server-rendered document with an error screen when its API fails
  'error-screen.html': `<!doctype html><html><head><title>Error screen</title></head><body><div id="app"><article><h1>Error screen</h1>${PROSE}</article></div>
    <script>fetch('https://api.example.com/session').catch(() => {
      document.body.innerHTML = '<div class="error"><h1>This page is not available right now</h1><p>Please try again later.</p></div>';
    });</script></body></html>`,
  // the same, but synchronously, before DOMContentLoaded: only the file's own text says what it held
  'replaced-early.html': `<!doctype html><html><head><title>Replaced early</title></head><body><div id="app"><article><h1>Replaced early</h1>${PROSE}</article></div>
    <script>document.getElementById('app').innerHTML = '<div class="error"><h1>This page is not available right now</h1></div>';</script></body></html>`,
  // a page that sends itself to https:// (nowhere, offline): the navigation is refused, the document stays
  'https-redirect.html': `<!doctype html><html><head><title>Redirects to https</title>
    <script>if (location.protocol !== 'https:') location.replace('https:' + location.href.slice(location.protocol.length));</script>
    </head><body><article><h1>Redirects to https</h1>${PROSE}</article></body></html>`,
  // a forum app (Discourse's pattern) whose script never loads offline: the server wrote the
  // posts into <noscript>, which only a render with JavaScript off shows
  'noscript-app.html': `<!doctype html><html><head><title>Noscript app</title></head><body><section id="main"></section>
    <noscript><div id="topic"><h1>Noscript app</h1>${PROSE}</div></noscript>
    <script src="https://cdn.example.com/forum-app.js"></script></body></html>`,
  // the same app when its script runs: it shows the posts itself, nothing to recover; its noscript
  // text never shows, and the image there never loads (the yardstick parses noscript inertly)
  'noscript-app-working.html': `<!doctype html><html><head><title>Working app</title></head><body><section id="main"></section>
    <noscript><div id="topic"><h1>Working app</h1>${PROSE}<p>${NOSCRIPT_ONLY}</p><img src="/beacon.png" alt=""></div></noscript>
    <script>const t = document.createElement('div'); t.innerHTML = ${JSON.stringify(`<h1>Working app</h1>${PROSE}`)};
    document.getElementById('main').append(t);</script></body></html>`,
  // content that only JavaScript builds: nothing to recover, the page works as it is
  'js-built.html': `<!doctype html><html><head><title>Built by script</title></head><body><div id="root"></div>
    <script>const a = document.createElement('article'); a.innerHTML = ${JSON.stringify(`<h1>Built by script</h1>${PROSE}`)};
    document.getElementById('root').append(a);</script></body></html>`,
  // hidden menus are not a hidden page
  'ordinary.html': `<!doctype html><html><head><title>Ordinary</title></head><body>
    <nav style="display:none">${'<a href="/x">A menu entry with a longer name</a>'.repeat(30)}</nav><article><h1>Ordinary</h1>${PROSE}</article></body></html>`,
};

/** Pages also loaded by URL: viseg does not have their bytes, only the document at DOMContentLoaded. */
const SERVED = ['noscript-app.html', 'error-screen.html', 'noscript-app-working.html'];
/** Paths the test server was asked for. */
const requested: string[] = [];

let server: Server | undefined;
let recs: Map<string, ReturnType<typeof parseJsonl>[number] & { recovery?: { method: string }; decision?: { recovery?: { method: string } } }>;

describe.skipIf(!haveChromium)('recovering content that scripts hid or destroyed offline', () => {
  beforeAll(async () => {
    const dir = tempDir('viseg-recover-');
    for (const [name, html] of Object.entries(PAGES)) writeFileSync(path.join(dir, name), html);
    server = createServer((req, res) => {
      requested.push(req.url ?? '');
      const html = PAGES[path.basename(req.url ?? '').replace(/^served-/, '')];
      res.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(html ?? '');
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const urls = SERVED.map((n) => `${origin}/served-${n}`);
    const out = path.join(dir, 'out.jsonl');
    const run = await runCli(['extract', ...Object.keys(PAGES).map((n) => path.join(dir, n)), ...urls, '--offline', '-c', '2', '-q', '--explain', '--out', out], {
      killAfterMs: 170_000,
    });
    expect(run.code, run.stderr).toBe(0);
    recs = new Map(parseJsonl(readFileSync(out, 'utf8')).map((r) => [path.basename(r.input), r]));
  }, 180_000);

  afterAll(async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise((r) => server!.close(r));
  });

  it.each([
    ['body-hidden.html', 'lift-hide'],
    ['wrapper-hidden.html', 'lift-hide'],
    ['error-screen.html', 'no-script'],
    ['replaced-early.html', 'no-script'],
    ['noscript-app.html', 'no-script'],
    ...SERVED.filter((n) => n !== 'noscript-app-working.html').map((n) => [`served-${n}`, 'no-script']),
  ])('recovers %s (%s) and says so', (name, method) => {
    const r = recs.get(name)!;
    expect(r.ok, JSON.stringify(r.error)).toBe(true);
    expect(r.text).toContain('Paragraph 12 of the story');
    expect(r.text).not.toContain('not available right now');
    expect(r.recovery?.method).toBe(method);
    expect(r.decision?.recovery?.method).toBe(method);
    expect(r.warnings.some((w) => w.code === 'CONTENT_RECOVERED')).toBe(true);
  });

  it.each(['js-built.html', 'ordinary.html', 'https-redirect.html', 'noscript-app-working.html', 'served-noscript-app-working.html'])('leaves %s as it is', (name) => {
    const r = recs.get(name)!;
    expect(r.ok, JSON.stringify(r.error)).toBe(true);
    expect(r.text).toContain('Paragraph 12 of the story');
    expect(r.recovery).toBeUndefined();
    expect(r.warnings.some((w) => w.code === 'CONTENT_RECOVERED')).toBe(false);
  });

  it('shows no noscript text on a page whose scripts run, and loads nothing from it', () => {
    for (const name of ['noscript-app-working.html', 'served-noscript-app-working.html']) expect(recs.get(name)!.text).not.toContain(NOSCRIPT_ONLY);
    expect(requested.filter((u) => u.includes('beacon'))).toEqual([]);
    expect(requested).toContain('/served-noscript-app-working.html');
  });
});
