/**
 * docker/compose.yaml and docker/Dockerfile cannot be run here (no Docker engine in CI): check what
 * can be checked without one. The compose file parses; every viseg command it, the Dockerfile and
 * docs/scale-out.md run is a command of this CLI with options it has; the workers get what a
 * browser needs in a container and time to finish their pages on SIGTERM.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { queueCommand } from '../../../src/cli/queue.js';
import { workerCommand } from '../../../src/cli/worker.js';
import { resolveExtractOptions } from '../../../src/options.js';
import { outOfRange } from '../../../src/util/at.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (f: string) => readFileSync(path.join(ROOT, f), 'utf8');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string };
  command?: string[];
  profiles?: string[];
  init?: boolean;
  shm_size?: string;
  stop_grace_period?: string;
  environment?: Record<string, string>;
  volumes?: string[];
}

/** Parse `argv` (after `viseg`) with the CLI's own command definitions; returns what it did not know. */
function problems(argv: string[]): string[] {
  const [name, ...rest] = argv;
  let cmd: Command | undefined = name === 'worker' ? workerCommand() : name === 'queue' ? queueCommand() : undefined;
  if (!cmd) return [`unknown command ${name}`];
  let args = rest;
  if (name === 'queue') {
    cmd = cmd.commands.find((c) => c.name() === rest[0]);
    if (!cmd) return [`unknown command queue ${rest[0]}`];
    args = rest.slice(1);
  }
  const { unknown } = cmd.parseOptions(args);
  return unknown.length ? [`${argv.join(' ')}: unknown ${unknown.join(' ')}`] : [];
}

describe('docker/compose.yaml', () => {
  const compose = parse(read('docker/compose.yaml'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
  const viseg = Object.entries(compose.services).filter(([, s]) => s.image === 'viseg:local');

  it('has Redis with its data kept, workers, a cli service and optional browser servers', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['browser', 'cli', 'redis', 'remote-worker', 'worker']);
    expect(compose.services.redis!.command).toEqual(expect.arrayContaining(['--appendonly', 'yes', '--maxmemory-policy', 'noeviction']));
    expect(compose.services.browser!.profiles).toEqual(['browsers']);
    expect(compose.services.browser!.build?.target).toBe('browser');
    expect(viseg.map(([n]) => n).sort()).toEqual(['cli', 'remote-worker', 'worker']);
  });

  it('runs only commands and options this CLI has', () => {
    for (const [name, s] of viseg) {
      expect(s.build?.target, name).toBe('viseg');
      expect(s.environment?.VISEG_REDIS_URL, name).toBe('redis://redis:6379');
      expect(s.volumes, name).toContain('../data:/data');
      expect(problems(s.command!), name).toEqual([]);
    }
    // the one-off commands the comments of compose.yaml and docs/scale-out.md show
    const shown = [...read('docker/compose.yaml').matchAll(/run --rm cli ([^\n`]+)/g), ...read('docs/scale-out.md').matchAll(/run --rm cli ([^\n`#]+)/g)];
    expect(shown.length).toBeGreaterThan(4);
    for (const m of shown) expect(problems((m[1] ?? outOfRange(1)).trim().split(/\s+/))).toEqual([]);
  });

  it('gives workers an init, room in /dev/shm and time to finish their pages on SIGTERM', () => {
    const timeoutS = resolveExtractOptions({}).timeout / 1000;
    for (const name of ['worker', 'remote-worker']) {
      const s = (compose.services[name] ?? outOfRange(name));
      expect(s.init, name).toBe(true);
      expect(parseInt(s.stop_grace_period!, 10), name).toBeGreaterThan(timeoutS);
    }
    expect(compose.services.worker!.shm_size).toBe('1gb');
    expect((compose.services['remote-worker'] ?? outOfRange('remote-worker')).command).toEqual(expect.arrayContaining(['--ws-endpoint', 'ws://browser:3000/']));
  });
});

describe('docker/Dockerfile', () => {
  const dockerfile = read('docker/Dockerfile');

  it('builds on Debian with Debian\'s Chromium and runs the built CLI', () => {
    expect([...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1])).toEqual(Array(4).fill('node:20-bookworm-slim'));
    expect(dockerfile).toMatch(/apt-get install -y --no-install-recommends chromium-headless-shell/);
    expect(dockerfile).toContain('ENTRYPOINT ["node", "/app/dist/cli/main.js"]');
    const cmd = JSON.parse((/^CMD (\[.*\])$/m.exec(dockerfile)![1] ?? outOfRange())) as string[];
    expect(problems(cmd)).toEqual([]);
    // every target compose builds exists
    const targets = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)/gm)].map((m) => m[1]);
    expect(targets).toEqual(expect.arrayContaining(['viseg', 'browser']));
  });
});
