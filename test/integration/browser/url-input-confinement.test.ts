/**
 * A URL input in a batch beside local files must not reach viseg's file server (SECURITY.md): not
 * by loading a script or an image from a mount, not by navigating its tab, a frame or a window
 * to one. The test gives the remote page what no real page has, the exact URLs of a local
 * input's mount (128 random bits), so that only the file server's and the navigation guard's
 * refusals stand between the page and the files: a leak would show in the page's article, and so
 * in the record.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInputs } from '../../../src/browser/index.js';
import { resolveExtractOptions } from '../../../src/options.js';
import { processInput } from '../../../src/pipeline/page.js';
import type { ExtractRecord } from '../../../src/pipeline/record.js';
import { Session } from '../../../src/pipeline/session.js';
import { CHROMIUM, haveChromium, tempDir } from '../batch/helpers.js';
import { hostilePage } from './hostile-kit.js';

const MARK = 'MARK-LOCAL-INPUT-77c3';
// a 1x1 PNG: an image that loads means the file server answered the remote page
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

function remotePage(urls: { page: string; script: string; pixel: string; origins: string[] }): string {
  return hostilePage(
    'Remote',
    `(async () => {
      const u = ${JSON.stringify(urls)};
      // a script from a mount would run in the remote page and hand it the local file's data
      await new Promise((r) => { const s = document.createElement('script'); s.src = u.script; s.onload = () => { show('script', 'loaded ' + window.leaked); r(); }; s.onerror = () => { show('script', 'refused'); r(); }; document.head.append(s); });
      // an image from a mount or from any port of the file server: does it answer at all?
      for (const src of [u.pixel, ...u.origins.map((o) => o + new URL(u.pixel).pathname)]) {
        await new Promise((r) => { const i = new Image(); i.onload = () => { show('img ' + src, 'loaded'); r(); }; i.onerror = () => { show('img ' + src, 'refused'); r(); }; i.src = src; });
      }
      try { const r = await fetch(u.page); show('fetch', r.status + ' ' + (await r.text())); } catch (e) { show('fetch', 'refused'); }
      const f = document.createElement('iframe'); f.src = u.page; document.body.append(f);
      await new Promise((r) => { f.onload = r; setTimeout(r, 1000); });
      try { show('iframe', f.contentDocument.body.innerText); } catch (e) { show('iframe', 'not readable'); }
      const w = window.open(u.page);
      await wait(300);
      try { show('popup', w && w.document.body.innerText); } catch (e) { show('popup', 'not readable'); }
      done();
      // and the tab itself, last: were it let through, the record would be the local page's
      location.href = u.page;
    })();`,
  );
}

describe.skipIf(!haveChromium)('a URL input cannot reach the file server of the local inputs beside it', () => {
  let session: Session;
  let server: Server;
  let rec: ExtractRecord;

  beforeAll(async () => {
    session = await Session.open({ browserPath: CHROMIUM });
    const dir = tempDir('viseg-url-confine-');
    const local = path.join(dir, 'local');
    mkdirSync(local);
    writeFileSync(path.join(local, 'page.html'), hostilePage('Local page', `show('secret', ${JSON.stringify(MARK)}); done();`));
    writeFileSync(path.join(local, 'data.js'), `window.leaked = ${JSON.stringify(MARK)};`);
    writeFileSync(path.join(local, 'pixel.png'), PIXEL);
    // the local input of the batch, mounted as `viseg extract local/page.html <url>` would mount it
    const [localInput] = await resolveInputs([path.join(local, 'page.html')], { server: session.server });
    const page = localInput!.url!;
    const html = remotePage({ page, script: new URL('data.js', page).href, pixel: new URL('pixel.png', page).href, origins: [...session.server.origins] });
    server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(html);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const [urlInput] = await resolveInputs([`http://127.0.0.1:${(server.address() as AddressInfo).port}/remote.html`], { server: session.server });
    const opts = resolveExtractOptions({ timeout: 60_000, waitFor: '#attack-done', concurrency: 1 });
    rec = (await processInput(session, urlInput!, opts)).record;
  }, 120_000);

  afterAll(async () => {
    await session?.close();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
  });

  it('the attacks ran, and nothing of the local input reached the remote page', () => {
    expect(rec.ok, JSON.stringify(rec.error)).toBe(true);
    expect(rec.text).toContain('[attack => done]');
    expect(JSON.stringify(rec)).not.toContain(MARK);
    expect(rec.text).toContain('[script => refused]');
    expect(rec.text).not.toMatch(/\[img [^\]]* => loaded\]/);
    expect(rec.text).toMatch(/\[img [^\]]* => refused\]/);
    expect(rec.text).toContain('[fetch => refused]');
  });

  it('the tab kept the remote document', () => {
    expect(rec.finalUrl).toMatch(/\/remote\.html$/);
    expect(rec.title).toBe('Remote');
  });
});
