/**
 * What the hostile-page tests share: a logging server that records every connection made to it
 * (TCP on 127.0.0.1 and ::1, UDP for STUN), and the page scaffolding that shows whatever an attack
 * obtained in the page's own article, so that a leak would end up in the extracted text.
 */
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Logger {
  /** Port of the HTTP logger on 127.0.0.1 (also on ::1 when `v6Port` is set). */
  port: number;
  /** The same logger on [::1], when the machine has IPv6 loopback. */
  v6Port: number | null;
  /** UDP port on 127.0.0.1 (STUN/TURN). */
  udpPort: number;
  /** Everything that reached it: `tcp <remote>`, `GET /path`, `udp <bytes>`. */
  hits: string[];
  close(): Promise<void>;
}

async function listen(server: Server, host: string): Promise<number | null> {
  return new Promise((resolve) => {
    server.once('error', () => resolve(null));
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Start the logging servers. Every TCP connection counts as a hit, whatever it sends. */
export async function startLogger(): Promise<Logger> {
  const hits: string[] = [];
  const sockets = new Set<Socket>();
  const make = (): Server => {
    const s = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
      res.end('LOGGER-REACHED');
    });
    s.on('connection', (c: Socket) => {
      hits.push(`tcp ${c.remoteAddress}`);
      sockets.add(c);
      c.on('close', () => sockets.delete(c));
    });
    s.on('upgrade', (req, socket: Socket) => {
      hits.push(`upgrade ${req.url}`);
      socket.destroy();
    });
    s.on('connect', (req, socket: Socket) => {
      hits.push(`connect ${req.url}`);
      socket.destroy();
    });
    return s;
  };
  const v4 = make();
  const v6 = make();
  const port = (await listen(v4, '127.0.0.1'))!;
  const v6Port = await listen(v6, '::1');
  const udp: UdpSocket = createSocket('udp4');
  udp.on('message', (m) => hits.push(`udp ${m.length} bytes`));
  const udpPort = await new Promise<number>((resolve) => udp.bind(0, '127.0.0.1', () => resolve(udp.address().port)));
  return {
    port,
    v6Port,
    udpPort,
    hits,
    close: async () => {
      for (const s of sockets) s.destroy();
      await Promise.all([v4, ...(v6Port ? [v6] : [])].map((s) => new Promise((r) => s.close(r))));
      await new Promise<void>((r) => udp.close(() => r()));
    },
  };
}

const PROSE =
  '<p>The harbour office opened its records to the public this spring, and the ledgers show how the town traded through three centuries of storms, wars and changing fashions in cloth and grain.</p>' +
  '<p>Clerks wrote down every ship that came in, what it carried and who paid the duty, so that a reader today can follow a single family of merchants from one generation to the next.</p>' +
  '<p>The archivists who catalogued the ledgers say the most surprising entries are the small ones: a barrel of apples, a crate of books, a parrot declared at the customs house in 1791.</p>';

/**
 * A page with a real article (so the extractor keeps it) and a `show(label, value)` helper that
 * appends what an attack obtained to the article. `script` runs after the article is in place and
 * calls `done()` at its end.
 */
export function hostilePage(title: string, script: string, extraHead = '', extraBody = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${extraHead}</head><body>
<header><nav><a href="#">Home</a> <a href="#">News</a></nav></header>
<main><article id="story"><h1>${title}</h1>${PROSE}<p id="found">The findings of this page are kept in one paragraph of the story, so that whatever it obtained is extracted with the story:</p></article></main>${extraBody}
<footer>Footer</footer>
<script>
  const show = (label, value) => { document.getElementById('found').append(' [' + label + ' => ' + String(value).slice(0, 500) + ']'); };
  const grab = async (u, init) => { try { const r = await fetch(u, init); show(u, r.status + ' ' + (await r.text())); } catch (e) { show(u, 'refused'); } };
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  // the test waits for this element (--wait-for #attack-done): the attack ran to its end
  const done = () => { show('attack', 'done'); const p = document.createElement('span'); p.id = 'attack-done'; document.body.append(p); };
  ${script}
</script></body></html>`;
}
