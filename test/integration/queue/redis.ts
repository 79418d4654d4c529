/**
 * A real Redis for the queue tests: Debian's `redis-server`, started on a free loopback port with
 * its own temporary folder (append-only file on, so a stop and restart keeps the data, as a
 * production Redis for the queue must), and stopped by the test. Outside CI the tests are skipped
 * when there is no redis-server; in CI its absence fails them (`.ci/run` installs it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REDIS_SERVER = process.env.VISEG_TEST_REDIS ?? '/usr/bin/redis-server';
export const haveRedis = existsSync(REDIS_SERVER);
/** Skip only outside CI: in CI a missing redis-server must fail the queue tests. */
export const skipWithoutRedis = !haveRedis && !process.env.CI;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export class TestRedis {
  private proc: ChildProcess | null = null;
  private constructor(readonly port: number, readonly dir: string) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Start a fresh Redis; throws when there is no redis-server (so that CI fails). */
  static async start(): Promise<TestRedis> {
    if (!haveRedis) throw new Error(`${REDIS_SERVER} is missing: install Debian's redis-server (.ci/run does)`);
    for (let tries = 0; ; tries++) {
      const r = new TestRedis(await freePort(), mkdtempSync(path.join(tmpdir(), 'viseg-redis-')));
      try {
        await r.restart();
        return r;
      } catch (e) {
        rmSync(r.dir, { recursive: true, force: true });
        if (tries >= 2) throw e; // the port was taken between finding it and binding it: try another
      }
    }
  }

  /** (Re)start the server on the same port and folder; resolves once it accepts connections. */
  restart(): Promise<void> {
    if (this.proc) throw new Error('redis-server is already running');
    const args = [
      '--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--appendonly', 'yes', '--appendfsync', 'everysec',
      '--save', '', '--daemonize', 'no', '--logfile', '', '--protected-mode', 'yes',
    ];
    const proc = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc = proc;
    return new Promise((resolve, reject) => {
      let out = '';
      const onData = (d: Buffer) => {
        out += d.toString();
        if (/Ready to accept connections/.test(out)) {
          proc.stdout!.off('data', onData);
          proc.stdout!.resume();
          resolve();
        }
      };
      proc.stdout!.on('data', onData);
      proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      proc.once('exit', (code) => {
        if (this.proc === proc) this.proc = null;
        reject(new Error(`redis-server exited (${code}) before it was ready:\n${out}`));
      });
    });
  }

  /** Stop the server (SIGTERM: it writes its append-only file and exits); resolves when it has. */
  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
    this.proc = null;
  }

  /** Stop and delete its folder. */
  async close(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
