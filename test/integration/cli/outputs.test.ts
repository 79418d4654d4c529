/**
 * `viseg extract` outputs for pipelines: exit codes in every format, EPIPE, one file per input, a
 * file in the format its name asks for, formats that cannot apply, one field, the end-of-batch
 * summary, the progress bar and the records on one terminal, and Chromium's error names explained.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../../src/cli/program.js';
import { CHROMIUM, CLI, SITES } from '../batch/helpers.js';
import { haveChromium, page, prose, tempDir, viseg, visegOnTerminal, writeFiles } from './run.js';
import { wordPrf } from '../../../src/eval/words.js';
import { analyzeSnapshot } from '../../../src/pipeline/analyze.js';
import { readSnapshotFile } from '../../../src/snapshot/file.js';
import { at } from '../../../src/util/at.js';

const FAST = ['--settle-ms', '100', '--max-settle-ms', '2000'];

describe.skipIf(!haveChromium)('extract: outputs for pipelines', () => {
  const dir = tempDir('viseg-outputs-');
  const a = path.join(dir, 'pages', 'alpha.html');
  const b = path.join(dir, 'pages', 'beta.html');
  const empty = path.join(dir, 'pages', 'gamma.html');
  const nav = path.join(dir, 'nav.html');

  beforeAll(() => {
    writeFiles(dir, {
      'pages/alpha.html': page('Alpha story', prose('alpha')),
      'pages/beta.html': page('Beta story', prose('beta')),
      'pages/gamma.html': '',
      // a page without an article: a few links and nothing else
      'nav.html': '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Links</title></head><body><nav><a href="/a">A</a> <a href="/b">B</a></nav></body></html>',
    });
  });

  it('a single page without main content exits 1 in every --format, saying so on stderr', async () => {
    const formats = ['text', 'html', 'markdown', 'json', 'jsonl'];
    // at once: each run is mostly a browser start-up
    const runs = await Promise.all(formats.map((format) => viseg(['extract', nav, '-f', format, ...FAST])));
    for (const [i, format] of formats.entries()) {
      const r = at(runs, i);
      expect(r.code, `--format ${format}: ${r.stderr}`).toBe(1);
      expect(r.stderr, format).toMatch(/no main content found/);
      if (format === 'json' || format === 'jsonl') expect(JSON.parse(r.stdout).mainBlock).toBeNull();
      else expect(r.stdout).toBe('');
    }
  }, 300_000);

  it('ends quietly with status 0 when the reader of stdout goes away (| head)', async () => {
    const child = spawn(process.execPath, [CLI, 'extract', a, b, a, b, a, b, '-c', '1', ...FAST], {
      env: { ...process.env, VISEG_BROWSER_PATH: CHROMIUM },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // like `head -n 1`: read the first record, then close the pipe
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(code, stderr).toBe(0);
    expect(stderr).not.toMatch(/EPIPE|Error|at .*\.js:\d+/);
  }, 180_000);

  it('--output-dir writes one file per input in the chosen format; the summary names the failure and the folder', async () => {
    const outDir = path.join(dir, 'md');
    const r = await viseg(['extract', path.join(dir, 'pages'), '--output-dir', outDir, '-f', 'markdown', '--with-metadata', ...FAST]);
    expect(r.code, r.stderr).toBe(1);
    expect(readdirSync(outDir).sort()).toEqual(['alpha.md', 'beta.md']);
    const md = readFileSync(path.join(outDir, 'alpha.md'), 'utf8');
    expect(md).toMatch(/^---\ntitle: "Alpha story"\n/);
    expect(md).toContain('Paragraph 1 about alpha.');
    expect(r.stderr).toContain('viseg: 3 pages: 2 ok, 1 failed (EMPTY_INPUT 1)');
    expect(r.stderr).toContain(`${empty}: EMPTY_INPUT:`);
    expect(r.stderr).toContain(`viseg: 2 files in ${outDir}`);
    expect(r.stdout).toBe('');
  }, 180_000);

  it('-o page.md writes Markdown (not JSONL), -o page.html HTML; --property prints one field', async () => {
    const mdFile = path.join(dir, 'alpha.md');
    // at once: each run is mostly a browser start-up
    const [md, title] = await Promise.all([viseg(['extract', a, '-o', mdFile, ...FAST]), viseg(['extract', a, '--property', 'title', ...FAST])]);
    expect(md.code, md.stderr).toBe(0);
    const text = readFileSync(mdFile, 'utf8');
    expect(text).toContain('Paragraph 1 about alpha.');
    expect(text.trimStart().startsWith('{')).toBe(false);
    expect(title.code, title.stderr).toBe(0);
    expect(title.stdout).toBe('Alpha story\n');
  }, 180_000);

  it('--page-type reads the page as that type, given as a flag or in a --config file', async () => {
    writeFiles(dir, { 'service.yaml': 'page-type: service\n' });
    const [model, flag, config] = await Promise.all([
      viseg(['extract', a, '--property', 'pageType', ...FAST]),
      viseg(['extract', a, '--page-type', 'documentation', '-f', 'json', '--explain', ...FAST]),
      viseg(['extract', a, '--config', path.join(dir, 'service.yaml'), '--property', 'pageType', ...FAST]),
    ]);
    expect(model.code, model.stderr).toBe(0);
    // what the model reads this short page as is neither of the types given below
    expect(['documentation\n', 'service\n']).not.toContain(model.stdout);
    expect(flag.code, flag.stderr).toBe(0);
    const record = JSON.parse(flag.stdout) as { pageType: string; text: string; decision: { trace: Array<{ step: string; given?: boolean }> } };
    expect(record.pageType).toBe('documentation');
    expect(record.decision.trace[0]).toMatchObject({ step: 'page-type', pageType: 'documentation', given: true });
    expect(record.text).toContain('Paragraph 1 about alpha.');
    expect(config.code, config.stderr).toBe(0);
    expect(config.stdout).toBe('service\n');
  }, 180_000);

  it('a format that cannot apply is a usage error, found before any browser starts', async () => {
    // a browser path that does not exist: had the browser been started first, this would be its error
    const noBrowser = ['--browser-path', path.join(dir, 'no-such-chrome')];
    // at once: each run is a Node.js start-up and no more
    const [several, file, prop, meta, ok] = await Promise.all([
      viseg(['extract', path.join(dir, 'pages'), '-f', 'markdown', ...noBrowser]),
      viseg(['extract', a, b, '-o', path.join(dir, 'both.md'), ...noBrowser]),
      viseg(['extract', a, b, '--property', 'title', ...noBrowser]),
      viseg(['extract', a, '-f', 'json', '--with-metadata', ...noBrowser]),
      // the browser's own error once the inputs are fine
      viseg(['extract', a, ...noBrowser]),
    ]);
    const [otherType, otherStrategy] = await Promise.all([
      viseg(['extract', a, '--page-type', 'other', ...noBrowser]),
      viseg(['extract', a, '--page-type', 'product', '--strategy', 'ttr', ...noBrowser]),
    ]);
    expect(otherType.code).toBe(2);
    expect(otherType.stderr).toMatch(/--page-type <type>' argument 'other' is invalid/);
    expect(otherStrategy.code).toBe(2);
    expect(otherStrategy.stderr).toMatch(/--page-type is read by the vips strategy only: ttr has no rules by page type/);
    expect(several.code).toBe(2);
    expect(several.stderr).toMatch(/--format markdown holds one page, and there are 3 inputs for stdout: use --format jsonl/);
    expect(file.code).toBe(2);
    expect(existsSync(path.join(dir, 'both.md'))).toBe(false);
    expect(prop.code).toBe(2);
    expect(meta.code).toBe(2);
    expect(ok.code).toBe(1);
    expect(ok.stderr).toMatch(/no-such-chrome/);
  }, 120_000);

  it('on one terminal the progress bar is not drawn over JSONL records; with -o it is', async () => {
    const onTty = await visegOnTerminal(['extract', a, b, '-c', '1', ...FAST]);
    expect(onTty.code, onTty.stdout).toBe(0);
    const lines = onTty.stdout.split(/\r?\n/).filter((l) => l.trim());
    expect(lines.filter((l) => l.startsWith('{"input"')).length).toBe(2);
    expect(onTty.stdout).not.toMatch(/pages \| \d+ failed/);
    for (const l of lines.filter((x) => x.includes('"input"'))) expect(() => JSON.parse(l)).not.toThrow();
    const toFile = await visegOnTerminal(['extract', a, b, '-c', '1', '-o', path.join(dir, 'tty.jsonl'), ...FAST]);
    expect(toFile.code, toFile.stdout).toBe(0);
    expect(toFile.stdout).toMatch(/2\/2 pages \| 0 failed/);
  }, 240_000);

  it("explains Chromium's net::ERR_UNSAFE_PORT: which port, and why", async () => {
    const r = await viseg(['extract', 'http://127.0.0.1:6000/', '-f', 'json', ...FAST]);
    expect(r.code).toBe(1);
    const rec = JSON.parse(r.stdout);
    expect(rec.error.code).toBe('NAVIGATION_FAILED');
    expect(rec.error.message).toMatch(/net::ERR_UNSAFE_PORT.*Chromium refuses to load anything from port 6000 \(X11\)/);
  }, 120_000);
});

describe('eval on recorded snapshots (no browser)', () => {
  it('--page-type scores the pages read as that type; it refuses --strategy all and a predictions file', async () => {
    const dir = tempDir('viseg-eval-type-');
    const site = path.join(SITES, 'docs-br-code');
    const expected = JSON.parse(readFileSync(path.join(site, 'expected.json'), 'utf8')) as { goldText: string };
    mkdirSync(path.join(dir, 'snaps'));
    copyFileSync(path.join(site, 'snapshot.json.gz'), path.join(dir, 'snaps', 'docs.json.gz'));
    writeFiles(dir, { 'gold.json': JSON.stringify({ docs: { articleBody: expected.goldText, pageType: 'documentation' } }), 'pred.json': '{}' });
    const gold = path.join(dir, 'gold.json');
    const snaps = path.join(dir, 'snaps');
    const [asArticle, given, all, file] = await Promise.all([
      viseg(['eval', '--gold', gold, snaps, '--json', '--page-type', 'article']),
      viseg(['eval', '--gold', gold, snaps, '--json', '--page-type', 'documentation']),
      viseg(['eval', '--gold', gold, snaps, '--page-type', 'documentation', '--strategy', 'all']),
      viseg(['eval', '--gold', gold, path.join(dir, 'pred.json'), '--page-type', 'documentation']),
    ]);
    expect(asArticle.code, asArticle.stderr).toBe(0);
    expect(given.code, given.stderr).toBe(0);
    // each run scores what the library gives with the page read as that type, and the two differ
    const snapshot = readSnapshotFile(path.join(site, 'snapshot.json.gz'));
    const scores = (r: { stdout: string }) => JSON.parse(r.stdout) as { precision: number; recall: number };
    const round = (x: number) => Math.round(x * 1e4) / 1e4;
    const library = (pageType: 'article' | 'documentation') => wordPrf(analyzeSnapshot(snapshot, { pageType }).content.text, expected.goldText).slice(0, 2).map(round);
    const [cliArticle, cliDocs] = [asArticle, given].map((r) => [scores(r).precision, scores(r).recall]);
    expect(cliDocs).toEqual(library('documentation'));
    expect(cliArticle).toEqual(library('article'));
    expect(cliDocs).not.toEqual(cliArticle);
    expect(all.code).toBe(2);
    expect(all.stderr).toMatch(/--page-type is read by the vips strategy only: score it with --strategy vips, not all/);
    expect(file.code).toBe(2);
    expect(file.stderr).toMatch(/--page-type applies to a pages or snapshots directory, not to a predictions file/);
  }, 60_000);
});

describe('usage errors and help', () => {
  it('a usage error is the message and a pointer to --help, naming the flag and its unit', async () => {
    const r = await viseg(['extract', '--timeout', '5', 'x.html']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("viseg: --timeout must be at least 1000 ms\nrun 'viseg extract --help' for usage and examples\n");
    const unknown = await viseg(['segment', '--no-such-flag', 'x.html']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
    expect(unknown.stderr).toMatch(/unknown option '--no-such-flag'/);
    const viewport = await viseg(['snapshot', '--viewport', 'big', 'x.html']);
    expect(viewport.stderr).toMatch(/--viewport must be WIDTHxHEIGHT in CSS px/);
  }, 120_000);

  it('every --help has examples and names no path inside the repository', async () => {
    // the help each command prints, from the program the binary builds (a Node.js start-up per
    // command would cost seconds each); the binary's own --help is run once below
    const helpOf = (cmd: Command): string => {
      let text = '';
      cmd.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
      cmd.outputHelp();
      return text;
    };
    const program = buildProgram();
    const cmds: Array<[string, Command]> = [['viseg', program]];
    for (const c of program.commands) {
      cmds.push([c.name(), c]);
      for (const sub of c.commands) cmds.push([`${c.name()} ${sub.name()}`, sub]);
    }
    expect(cmds.map(([name]) => name)).toEqual(expect.arrayContaining(['extract', 'snapshot', 'segment', 'report', 'eval', 'check', 'bench', 'queue', 'queue add', 'queue results', 'queue status', 'queue clear', 'worker']));
    for (const [name, cmd] of cmds) {
      const help = helpOf(cmd);
      expect(help, name).toMatch(/\nExamples:\n {2}\$ viseg /);
      expect(help, name).not.toMatch(/\.\.\/shared|\bdocs\/|\bsrc\/|\btest\/|\bfixtures\//);
    }
    const [top, extract] = await Promise.all([viseg(['--help']), viseg(['extract', '--help'])]);
    for (const [r, cmd] of [[top, program], [extract, program.commands.find((c) => c.name() === 'extract')!]] as const) {
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(helpOf(cmd));
    }
  }, 120_000);
});
