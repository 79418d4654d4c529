/**
 * Another user on the machine cannot read what a run serves (SECURITY.md, "The file server").
 * While the file server of a run serves a local input, a process of the user `nobody` finds the
 * server's ports (any user can read /proc/net/tcp), guesses paths the way an attacker would
 * (`/m/1/...`, the file's own name and path) and sends them with every Host it likes: it reads
 * nothing, while the page's own URL, which only the run knows, serves the file. The input files
 * are private (0600 in a 0700 folder), so the server is the only way to them.
 *
 * Switching to `nobody` takes root on Linux. Without it each test is skipped with a message
 * saying the server was not tested; in CI, which runs as root, each fails instead, so a CI that
 * cannot switch users cannot pass without running them.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveInputs, startFileServer, type FileServer } from '../../../src/browser/index.js';
import { SERVER_PORTS } from '../../../src/pipeline/session.js';
import { tempDir } from '../batch/helpers.js';

const MARK = 'MARK-OTHER-USER-41b7';
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;
const CAN_SWITCH = isRoot && process.platform === 'linux';

/** What the attacker does, as `nobody`: its input is the server's ports and the input's path. */
const ATTACK = `
const fs = require('node:fs');
const http = require('node:http');
const { ports, file } = JSON.parse(process.argv[1]);
const out = { uid: process.getuid(), direct: null, listening: [], answers: [] };
try { fs.readFileSync(file, 'utf8'); out.direct = 'read'; } catch (e) { out.direct = e.code; }
// the ports: any user sees every listening socket in /proc/net/tcp
for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\\n').slice(1)) {
  const f = line.trim().split(/\\s+/);
  if (f[3] === '0A' && f[1] && f[1].startsWith('0100007F:')) out.listening.push(parseInt(f[1].split(':')[1], 16));
}
const name = file.split('/').pop();
const dir = file.slice(0, -name.length);
const guesses = ['/', '/m/', '/m/1/', '/m/1/' + name, '/m/0/' + name, '/m/2/secret.txt', '/m/1/secret.txt', '/d/1/stdin.html',
  '/' + name, '/secret.txt', file, '/m/1' + file, '/m/AAAAAAAAAAAAAAAAAAAAAA/' + name, '/m/' + 'A'.repeat(22) + '/secret.txt',
  '/m/../' + name, '/%2e%2e/' + name, '/m/1/%2e%2e/secret.txt', dir + 'secret.txt'];
const get = (port, p, host) => new Promise((resolve) => {
  const req = http.request({ host: '127.0.0.1', port, path: p, headers: host ? { Host: host } : {} }, (res) => {
    let body = ''; res.setEncoding('utf8'); res.on('data', (d) => (body += d)); res.on('end', () => resolve({ port, path: p, host: host || null, status: res.statusCode, body }));
  });
  req.on('error', (e) => resolve({ port, path: p, host: host || null, status: e.code, body: '' }));
  req.end();
});
(async () => {
  for (const port of ports.filter((p) => out.listening.includes(p))) {
    for (const p of guesses) out.answers.push(await get(port, p));
    for (const host of ['localhost:' + port, 'evil.example', '127.0.0.1', '[::1]:' + port]) {
      for (const p of guesses.slice(2, 5)) out.answers.push(await get(port, p, host));
    }
  }
  process.stdout.write(JSON.stringify(out));
})();
`;

interface Answer {
  port: number;
  path: string;
  host: string | null;
  status: number | string;
  body: string;
}

function asNobody(input: unknown): Promise<{ uid: number; direct: string; listening: number[]; answers: Answer[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', ATTACK, JSON.stringify(input)], { uid: NOBODY, gid: NOBODY, cwd: '/', env: {}, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`attacker exited ${code}: ${stderr}`))));
  });
}

function get(url: string, host?: string): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, headers: host ? { Host: host } : {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('another local user and the file server of a run', () => {
  describe('as nobody', () => {
    let server: FileServer;
    let file: string;
    let url: string;

    beforeEach((ctx) => {
      if (CAN_SWITCH) return;
      const why = `switching to the user nobody takes root on Linux (uid ${process.getuid?.()}, ${process.platform})`;
      if (process.env.CI) throw new Error(`CI must run this test as root: ${why}`);
      ctx.skip(`the file server was NOT tested against another user: ${why}`);
    });

    beforeAll(async () => {
      server = await startFileServer({ ports: SERVER_PORTS });
      const dir = tempDir('viseg-other-user-');
      const site = path.join(dir, 'site');
      mkdirSync(site);
      file = path.join(site, 'page.html');
      writeFileSync(file, `<!doctype html><title>Private</title><p>${MARK}</p>`);
      writeFileSync(path.join(site, 'secret.txt'), MARK);
      for (const f of [file, path.join(site, 'secret.txt')]) chmodSync(f, 0o600);
      chmodSync(site, 0o700);
      chmodSync(dir, 0o700);
      // mounted as `viseg extract site/page.html` mounts it
      const [input] = await resolveInputs([file], { server });
      url = input!.url!;
    });

    afterAll(async () => {
      await server?.close();
    });

    it('reads nothing with the paths it can guess, under any Host, while the run reads the page', async () => {
      const ports = server.origins.map((o) => Number(new URL(o).port));
      // the run's own request is served: the server is up and the file is there
      const own = await get(url);
      expect(own.status).toBe(200);
      expect(own.body).toContain(MARK);

      const seen = await asNobody({ ports, file });
      expect(seen.uid).toBe(NOBODY);
      expect(seen.direct).toBe('EACCES'); // the files are private: the server is the only way
      expect(seen.listening).toEqual(expect.arrayContaining(ports)); // the ports are no secret
      expect(seen.answers).toHaveLength(ports.length * (18 + 4 * 3));
      for (const a of seen.answers) {
        expect(a.body, `${a.host ?? 'own host'} ${a.port} ${a.path}`).not.toContain(MARK);
        expect([403, 404], `${a.host ?? 'own host'} ${a.port} ${a.path}: ${a.status}`).toContain(a.status);
      }
      // another Host is refused before the path is looked at
      expect(seen.answers.filter((a) => a.host !== null).every((a) => a.status === 403)).toBe(true);
    });

    it('is refused the page under another Host even with its URL (no DNS rebinding)', async () => {
      const port = new URL(url).port;
      for (const host of [`localhost:${port}`, 'evil.example', '127.0.0.1', `evil.example:${port}`, `[::1]:${port}`]) {
        const r = await get(url, host);
        expect(r.status, host).toBe(403);
        expect(r.body).not.toContain(MARK);
      }
    });
  });
});
