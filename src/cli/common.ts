/**
 * Shared CLI plumbing: option parsing helpers, the browser/session options every rendering
 * command takes, exit codes, and error printing.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { BrowserNotFoundError, resolveInputs, readInputList, type ResolvedInput, VisegError } from '../browser/index.js';
import { defaultConcurrency, OptionsError, resolveBrowserOptions, resolveExtractOptions, type ResolvedExtractOptions } from '../options.js';
import { processInput } from '../pipeline/page.js';
import type { PageResult } from '../pipeline/record.js';
import { Session } from '../pipeline/session.js';

export const EXIT_OK = 0;
export const EXIT_SOME_FAILED = 1;
export const EXIT_USAGE = 2;

export function intArg(name: string) {
  return (v: string): number => {
    if (!/^-?\d+$/.test(v.trim())) throw new InvalidArgumentError(`${name} must be a whole number`);
    return parseInt(v, 10);
  };
}

/** Options shared by every command that renders pages. */
export function addRenderOptions(cmd: Command): Command {
  return cmd
    .option('--timeout <ms>', 'hard per-page deadline', intArg('--timeout'), 30_000)
    .option('--settle-ms <ms>', 'DOM and network quiet window before the snapshot', intArg('--settle-ms'), 500)
    .option('--max-settle-ms <ms>', 'stop waiting for quiet after this long', intArg('--max-settle-ms'), 5_000)
    .option('--wait-for <selector>', 'wait until this CSS selector is in the page')
    .addOption(
      new Option('--scroll <when>', 'scroll through the page for lazy content: auto = only when the page listens for it')
        .choices(['auto', 'always', 'never'])
        .default('auto'),
    )
    .option('--no-scroll', 'do not scroll (same as --scroll never)')
    .option('--offline', 'block requests that leave the machine, for URLs too (local files always are)')
    .option('--pdoc <n>', 'stop the block tree at this permitted degree of coherence (1-11, lower is coarser) instead of the fitted levels', intArg('--pdoc'))
    .option('--viewport <WxH>', 'viewport size', '1366x768')
    .option('--browser-path <path>', 'Chromium/Chrome executable (or VISEG_BROWSER_PATH)')
    .addOption(new Option('--ws-endpoint <url>', 'connect to a Playwright browser server instead of launching').conflicts('cdpEndpoint'))
    .option('--cdp-endpoint <url>', 'connect to a Chrome DevTools Protocol endpoint instead of launching');
}

export interface RenderCliOptions {
  timeout: number;
  settleMs: number;
  maxSettleMs: number;
  waitFor?: string;
  scroll: 'auto' | 'always' | 'never' | boolean;
  offline?: boolean;
  pdoc?: number;
  viewport: string;
  browserPath?: string;
  wsEndpoint?: string;
  cdpEndpoint?: string;
  concurrency?: number;
  explain?: boolean;
  strategy?: string;
}

export function toExtractOptions(o: RenderCliOptions): ResolvedExtractOptions {
  const m = /^(\d+)x(\d+)$/.exec(o.viewport);
  if (!m) throw new OptionsError(`--viewport must look like 1366x768, got ${o.viewport}`);
  return resolveExtractOptions({
    timeout: o.timeout,
    settleMs: o.settleMs,
    maxSettleMs: o.maxSettleMs,
    waitFor: o.waitFor,
    scroll: o.scroll,
    offline: o.offline ?? false,
    pdoc: o.pdoc,
    concurrency: o.concurrency ?? defaultConcurrency(),
    viewportWidth: parseInt(m[1]!, 10),
    viewportHeight: parseInt(m[2]!, 10),
    explain: o.explain ?? false,
    ...(o.strategy ? { strategy: o.strategy } : {}),
  });
}

/** `extraArgs`: Chromium switches added to a launched browser (`viseg bench --browser-arg`). */
export async function openSession(o: RenderCliOptions, extraArgs: string[] = []): Promise<Session> {
  const b = resolveBrowserOptions({ browserPath: o.browserPath, wsEndpoint: o.wsEndpoint, cdpEndpoint: o.cdpEndpoint });
  return Session.open(extraArgs.length ? { ...b, extraArgs } : b);
}

/** Inputs from arguments and an optional list file; a missing list file is a usage error. */
export async function collectInputs(args: string[], inputFile: string | undefined, session: Session): Promise<ResolvedInput[]> {
  const all = [...args];
  if (inputFile) {
    try {
      all.push(...(await readInputList(inputFile)));
    } catch (e) {
      throw new OptionsError(`cannot read --input-file ${inputFile}: ${(e as Error).message}`);
    }
  }
  if (!all.length) throw new OptionsError('no inputs: give URLs, HTML files, directories, - for stdin, or --input-file');
  return resolveInputs(all, { server: session.server });
}

/** Print a fatal error the way users can act on, and return the exit code. */
export function reportFatal(e: unknown): number {
  if (e instanceof OptionsError) {
    process.stderr.write(`viseg: ${e.message}\n`);
    return EXIT_USAGE;
  }
  if (e instanceof BrowserNotFoundError || (e instanceof VisegError && e.code.startsWith('BROWSER'))) {
    process.stderr.write(`viseg: ${e.message}\n`);
    return EXIT_SOME_FAILED;
  }
  const msg = e instanceof Error ? e.message : String(e);
  process.stderr.write(`viseg: ${msg}\n`);
  return EXIT_SOME_FAILED;
}

/**
 * Render one page (not a directory) with its snapshot, tree and decision kept. On failure prints
 * the error and returns null (the caller sets exit code 1). The session is closed either way.
 */
export async function renderOne(command: string, input: string, o: RenderCliOptions): Promise<PageResult | null> {
  const opts = { ...toExtractOptions(o), keepArtifacts: true };
  const session = await openSession(o);
  try {
    const inputs = await collectInputs([input], undefined, session);
    if (inputs.length !== 1) throw new OptionsError(`${command} takes exactly one page (not a directory)`);
    const r = await processInput(session, inputs[0]!, opts);
    if (!r.record.ok || !r.snapshot || !r.tree || !r.decision) {
      process.stderr.write(`viseg: ${input}: ${r.record.error?.code}: ${r.record.error?.message}\n`);
      return null;
    }
    return r;
  } finally {
    await session.close();
  }
}
