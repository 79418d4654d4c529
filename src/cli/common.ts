/**
 * Shared CLI plumbing: option parsing helpers, the browser/session options every rendering
 * command takes, exit codes, and error printing.
 */
import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { BrowserNotFoundError, parseCookieArg, parseCookiesFile, resolveInputs, readInputList, type ResolvedInput, VisegError } from '../browser/index.js';
import { defaultConcurrency, OptionsError, resolveBrowserOptions, resolveExtractOptions, type CookieOption, type ResolvedExtractOptions } from '../options.js';
import { applyConfigFile } from './config.js';
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

/** Repeatable option: every value, in order. */
export function collect(v: string, prev: string[] = []): string[] {
  return [...prev, v];
}

/** Options shared by every command that renders pages. */
export function addRenderOptions(cmd: Command): Command {
  cmd.hook('preAction', (_, action) => {
    try {
      applyConfigFile(action);
    } catch (e) {
      if (!(e instanceof OptionsError)) throw e;
      action.error(`viseg: ${e.message}`, { exitCode: EXIT_USAGE, code: 'viseg.config' });
    }
  });
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
    .option('--pdoc <n>', 'permitted degree of coherence of the block tree (1-11, lower is coarser)', intArg('--pdoc'), 8)
    .option('--viewport <WxH>', 'viewport size', '1366x768')
    .option('--root <dir>', "serve local files from this site folder, so that their ../ assets load (default: each file's own folder)")
    .option('--user-agent <string>', 'User-Agent for every page')
    .option('--header <name: value>', 'request header for URL inputs (repeatable)', collect)
    .option('--cookie <name=value>', "cookie for URL inputs, set for each one's own address (repeatable)", collect)
    .option('--cookies-file <file>', 'cookies for URL inputs: Netscape cookies.txt, or JSON (an array, or Playwright storage state)')
    .option('--proxy <url>', 'proxy for URL inputs: http://[user:pass@]host:port, https://, socks5:// (local files never use it)')
    .option('--block <pattern>', 'skip requests of URL inputs: a URL pattern with * wildcards, or a host like *.doubleclick.net (repeatable)', collect)
    .option('--browser-arg <switch>', 'extra Chromium switch for the launched browser (repeatable); see SECURITY.md', collect)
    .option('--config <file>', 'read options from a JSON or YAML file (flags given here win)')
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
  pdoc: number;
  viewport: string;
  browserPath?: string;
  wsEndpoint?: string;
  cdpEndpoint?: string;
  concurrency?: number;
  explain?: boolean;
  strategy?: string;
  root?: string;
  userAgent?: string;
  header?: string[];
  cookie?: string[];
  cookiesFile?: string;
  /** Cookies a --config file gave as objects. */
  cookieObjects?: CookieOption[];
  proxy?: string;
  block?: string[];
  browserArg?: string[];
  headless?: boolean;
  config?: string;
}

/** `--header "Name: value"` flags as a header object. */
function headersOf(flags: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of flags) {
    const i = h.indexOf(':');
    if (i <= 0) throw new OptionsError(`--header takes "Name: value", got ${JSON.stringify(h)}`);
    out[h.slice(0, i).trim()] = h.slice(i + 1).trim();
  }
  return out;
}

/** The cookies of --config, --cookies-file and --cookie, in that order. */
function cookiesOf(o: RenderCliOptions): CookieOption[] {
  const out: CookieOption[] = [...(o.cookieObjects ?? [])];
  if (o.cookiesFile) {
    let text: string;
    try {
      text = readFileSync(o.cookiesFile, 'utf8');
    } catch (e) {
      throw new OptionsError(`cannot read --cookies-file ${o.cookiesFile}: ${(e as Error).message}`);
    }
    try {
      out.push(...parseCookiesFile(text));
    } catch (e) {
      throw new OptionsError(`--cookies-file ${o.cookiesFile}: ${(e as Error).message}`);
    }
  }
  for (const c of o.cookie ?? []) {
    try {
      out.push(parseCookieArg(c));
    } catch (e) {
      throw new OptionsError((e as Error).message);
    }
  }
  return out;
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
    ...(o.root ? { root: o.root } : {}),
    ...(o.userAgent ? { userAgent: o.userAgent } : {}),
    headers: headersOf(o.header ?? []),
    cookies: cookiesOf(o),
    ...(o.proxy ? { proxy: o.proxy } : {}),
    block: o.block ?? [],
  });
}

/** The session for a command: its browser (with `--browser-arg` switches) and file server. */
export async function openSession(o: RenderCliOptions): Promise<Session> {
  const b = resolveBrowserOptions({
    browserPath: o.browserPath, wsEndpoint: o.wsEndpoint, cdpEndpoint: o.cdpEndpoint, browserArgs: o.browserArg ?? [],
    ...(o.headless !== undefined ? { headless: o.headless } : {}),
  });
  const { browserArgs, ...launch } = b;
  return Session.open(browserArgs.length ? { ...launch, extraArgs: browserArgs } : launch);
}

/** Inputs from arguments and an optional list file; a missing list file is a usage error. `root`: `--root`. */
export async function collectInputs(args: string[], inputFile: string | undefined, session: Session, root?: string): Promise<ResolvedInput[]> {
  const all = [...args];
  if (inputFile) {
    try {
      all.push(...(await readInputList(inputFile)));
    } catch (e) {
      throw new OptionsError(`cannot read --input-file ${inputFile}: ${(e as Error).message}`);
    }
  }
  if (!all.length) throw new OptionsError('no inputs: give URLs, HTML files, directories, - for stdin, or --input-file');
  return resolveInputs(all, { server: session.server, ...(root ? { root } : {}) });
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
    const inputs = await collectInputs([input], undefined, session, opts.root);
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
