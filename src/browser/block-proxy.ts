/**
 * The offline policy's proxy: a loopback HTTP server that refuses everything at once. A context
 * made offline points its proxy here, so every request to a host that is not allowed (loopback
 * hosts included) fails immediately instead of waiting for DNS or TCP.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface BlockProxy {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** Blocked URLs (first 200). */
  readonly blocked: string[];
  blockedCount(): number;
  /** Count a request blocked elsewhere (a navigation cancelled by the Fetch guard). */
  record(url: string): void;
  close(): Promise<void>;
}

const MAX_RECORDED = 200;

export async function startBlockProxy(): Promise<BlockProxy> {
  const blocked: string[] = [];
  let count = 0;
  const sockets = new Set<Socket>();
  const record = (u: string | undefined) => {
    count++;
    if (u && blocked.length < MAX_RECORDED) blocked.push(u);
  };
  const server = http.createServer((req, res) => {
    record(req.url);
    res.writeHead(403, { 'content-type': 'text/plain', connection: 'close' });
    res.end('blocked by the viseg offline policy\n');
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('connect', (req: http.IncomingMessage, socket: Socket) => {
    record(`https://${req.url ?? ''}/`);
    socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: Socket) => {
    record(req.url);
    socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
  });
  server.on('clientError', (_e, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    blocked,
    blockedCount: () => count,
    record,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}
