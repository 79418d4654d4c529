/**
 * Shared CLI plumbing: option parsing helpers, the browser/session options every rendering
 * command takes, exit codes, inputs, and error printing.
 *
 * Commander is given no defaults: an option the user did not give stays undefined and the options
 * schema (src/options.ts) fills it in. Help texts show the schema's defaults.
 */
import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { BROWSER_ERROR_CODES, BrowserNotFoundError, parseCookieArg, parseCookiesFile, resolveInputs, readInputList, type ResolvedInput, VisegError } from '../browser/index.js';
import {
  defaultConcurrency, describeConcurrencyRule, extractDefaults, GIVEN_PAGE_TYPES, OptionsError, OPTION_UNITS, resolveBrowserOptions, resolveExtractOptions, type CookieOption, type ExtractOptions, type ResolvedExtractOptions,
  type Viewport,
} from '../options.js';
import { applyConfigFile } from './config.js';
import { processInput } from '../pipeline/page.js';
import type { PageResult } from '../pipeline/record.js';
import { Session } from '../pipeline/session.js';
import { onExit, say } from './terminal.js';
import { at } from '../util/at.js';

export const EXIT_OK = 0;
export const EXIT_SOME_FAILED = 1;
export const EXIT_USAGE = 2;

/** The line after a usage error: where to read more. */
export function helpPointer(command: string): string {
  return `run 'viseg ${command} --help' for usage and examples`;
}

/** A parser for a whole-number option; the message names the flag (and the unit). */
export function intArg(flag: string, unit?: string) {
  return (v: string): number => {
    if (!/^-?\d+$/.test(v.trim())) throw new InvalidArgumentError(`${flag} must be a whole number${unit ? ` of ${unit}` : ''}, got ${JSON.stringify(v)}`);
    return parseInt(v, 10);
  };
}

/** `(default: x)` for a help text. */
export function dflt(value: unknown): string {
  return `(default: ${String(value)})`;
}

/** The command-line flag of an option key, for messages. */
export function flagOf(key: string): string {
  if (key === 'viewport.width') return '--viewport width';
  if (key === 'viewport.height') return '--viewport height';
  return '--' + key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}

/** Run `fn`, turning option errors into messages that name the command-line flags. */
export function withFlags<T>(fn: () => T): T {
  const flagged = (e: unknown) => (e instanceof OptionsError && e.issues.length ? new OptionsError(e.issues.map((i) => `${flagOf(i.path)} ${i.problem}`).join('\n')) : e);
  try {
    const r = fn();
    // an async fn (runWorker) rejects later: its option errors name the flags too
    return (r instanceof Promise ? r.catch((e: unknown) => Promise.reject(flagged(e))) : r) as T;
  } catch (e) {
    throw flagged(e);
  }
}

/** `--concurrency`, with the schema's default (computed from the CPU count) in its help. */
export function addConcurrencyOption(cmd: Command): Command {
  return cmd.option('-c, --concurrency <n>', `pages rendered at once, 1-64 (default: ${describeConcurrencyRule()}: ${defaultConcurrency()} here)`, intArg('--concurrency'));
}

/** Options shared by every command that renders pages: how pages are rendered, and by which browser. */
export function addRenderOptions(cmd: Command): Command {
  return addBrowserOptions(addPageOptions(cmd));
}

/** Repeatable option: every value, in order. */
export function collect(v: string, prev: string[] = []): string[] {
  return [...prev, v];
}

/**
 * `--config <file>`: options from a JSON or YAML file (cli/config.ts), applied before the action
 * runs. Added once, whichever of the option groups below comes first.
 */
function addConfigOption(cmd: Command): Command {
  if (cmd.options.some((o) => o.long === '--config')) return cmd;
  cmd.hook('preAction', (_, action) => {
    try {
      applyConfigFile(action);
    } catch (e) {
      if (!(e instanceof OptionsError)) throw e;
      action.error(`viseg: ${e.message}`, { exitCode: EXIT_USAGE, code: 'viseg.config' });
    }
  });
  return cmd.option('--config <file>', 'read options from a JSON or YAML file (flags given here win)');
}

/** `--page-type`, for the commands that choose content (`scope` says when it applies). */
export function pageTypeOption(scope = ''): Option {
  return new Option('--page-type <type>', `${scope}read every page as this type instead of the type the model reads (vips strategy only; default: the model decides)`).choices([...GIVEN_PAGE_TYPES]);
}

/** How each page is loaded and segmented (`viseg queue add` stores them with the jobs). */
export function addPageOptions(cmd: Command): Command {
  const d = extractDefaults();
  addConfigOption(cmd);
  return cmd
    .option('--timeout <ms>', `hard per-page deadline, in ms ${dflt(d.timeout)}`, intArg('--timeout', OPTION_UNITS.timeout))
    .option('--settle-ms <ms>', `DOM and network quiet window before the snapshot, in ms ${dflt(d.settleMs)}`, intArg('--settle-ms', 'ms'))
    .option('--max-settle-ms <ms>', `stop waiting for quiet after this long, in ms ${dflt(d.maxSettleMs)}`, intArg('--max-settle-ms', 'ms'))
    .option('--wait-for <selector>', 'wait until this CSS selector is in the page')
    .addOption(
      new Option('--scroll <when>', `scroll through the page for lazy content; auto: only when the page listens for scrolling ${dflt(d.scroll)}`)
        .choices(['auto', 'always', 'never']),
    )
    .option('--no-scroll', 'do not scroll (same as --scroll never)')
    .option('--offline', 'block requests that leave the machine, for URLs too (local files always are)')
    .option('--base-url <url>', "the public URL of a local file or of stdin: links, images and finalUrl are resolved against it (default: the page's canonical URL, og:url or <base>; without one they stay relative)")
    .option('--pdoc <n>', 'stop the block tree at this permitted degree of coherence, 1-11, lower is coarser (default: the fitted levels)', intArg('--pdoc'))
    .option('--viewport <WxH>', `viewport size in CSS px ${dflt(`${d.viewport.width}x${d.viewport.height}`)}`)
    .option('--root <dir>', "serve local files from this site folder, so that their ../ assets load (default: each file's own folder)")
    .option('--user-agent <string>', "User-Agent for every page (default: the browser's)")
    .option('--clock <time>', "start every page's clock at this instant, ISO 8601 with Z or an offset, e.g. 2026-01-01T09:00:00Z, so dates and countdowns a page computes are the same on every run (default: the real time)")
    .option('--header <name: value>', 'request header for URL inputs (repeatable)', collect)
    .option('--cookie <name=value>', "cookie for URL inputs, set for each one's own address (repeatable)", collect)
    .option('--cookies-file <file>', 'cookies for URL inputs: Netscape cookies.txt, or JSON (an array, or Playwright storage state)')
    .option('--proxy <url>', 'proxy for URL inputs: http://[user:pass@]host:port, https://, socks5:// (local files never use it)')
    .option('--block <pattern>', 'skip requests of URL inputs: a URL pattern with * wildcards, or a host like *.doubleclick.net (repeatable)', collect);
}

/** Which browser renders the pages: launched here, or a browser server to connect to. */
export function addBrowserOptions(cmd: Command): Command {
  addConfigOption(cmd);
  return cmd
    .option('--browser-arg <switch>', 'extra Chromium switch for the launched browser (repeatable); see SECURITY.md', collect)
    .option('--browser-path <path>', 'Chromium/Chrome executable (or VISEG_BROWSER_PATH)')
    .addOption(new Option('--ws-endpoint <url>', 'connect to a Playwright browser server instead of launching').conflicts('cdpEndpoint'))
    .option('--cdp-endpoint <url>', 'connect to a Chrome DevTools Protocol endpoint instead of launching');
}

export interface RenderCliOptions {
  timeout?: number;
  settleMs?: number;
  maxSettleMs?: number;
  waitFor?: string;
  scroll?: 'auto' | 'always' | 'never' | boolean;
  offline?: boolean;
  baseUrl?: string;
  pdoc?: number;
  viewport?: string;
  browserPath?: string;
  wsEndpoint?: string;
  cdpEndpoint?: string;
  concurrency?: number;
  explain?: boolean;
  strategy?: string;
  pageType?: string;
  root?: string;
  userAgent?: string;
  clock?: string;
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
  let size: Viewport | undefined;
  if (o.viewport !== undefined) {
    const m = /^\s*(\d+)\s*[x×]\s*(\d+)\s*$/i.exec(o.viewport);
    if (!m) throw new OptionsError(`--viewport must be WIDTHxHEIGHT in CSS px, like 1366x768; got ${JSON.stringify(o.viewport)}`);
    size = { width: parseInt(at(m, 1), 10), height: parseInt(at(m, 2), 10) };
  }
  return withFlags(() =>
    resolveExtractOptions({
      timeout: o.timeout,
      settleMs: o.settleMs,
      maxSettleMs: o.maxSettleMs,
      waitFor: o.waitFor,
      scroll: o.scroll,
      offline: o.offline,
      baseUrl: o.baseUrl,
      pdoc: o.pdoc,
      concurrency: o.concurrency,
      viewport: size,
      explain: o.explain,
      strategy: o.strategy,
      pageType: o.pageType as ExtractOptions['pageType'],
      root: o.root,
      userAgent: o.userAgent,
      clock: o.clock,
      headers: headersOf(o.header ?? []),
      cookies: cookiesOf(o),
      proxy: o.proxy,
      block: o.block,
    }),
  );
}

/**
 * Launch (or connect to) the browser, with the `--browser-arg` switches. The session is closed as
 * well when the run ends early.
 */
export async function openSession(o: RenderCliOptions): Promise<Session> {
  const { browserArgs, ...launch } = withFlags(() =>
    resolveBrowserOptions({
      browserPath: o.browserPath, wsEndpoint: o.wsEndpoint, cdpEndpoint: o.cdpEndpoint, browserArgs: o.browserArg, headless: o.headless,
    }),
  );
  const session = await Session.open(browserArgs.length ? { ...launch, extraArgs: browserArgs } : launch);
  onExit(() => session.close()); // closing twice is harmless
  return session;
}

/** The arguments plus the lines of `--input-file`; none at all, or an unreadable list, is a usage error. */
export async function inputArgs(args: string[], inputFile: string | undefined): Promise<string[]> {
  const all = [...args];
  if (inputFile) {
    try {
      all.push(...(await readInputList(inputFile)));
    } catch (e) {
      throw new OptionsError(`cannot read --input-file ${inputFile}: ${(e as Error).message}`);
    }
  }
  if (!all.length) throw new OptionsError('no inputs: give URLs, HTML files, folders, - for stdin, or --input-file');
  return all;
}

/**
 * Inputs, checked before any browser starts: `inputs` are resolved (files exist, folders list
 * their pages, stdin is read); `withServer(session)` resolves the same arguments again with the
 * session's file server, which gives local pages their URLs.
 */
export interface CheckedInputs {
  inputs: ResolvedInput[];
  withServer(session: Session): Promise<ResolvedInput[]>;
}

export async function checkInputs(args: string[], root?: string): Promise<CheckedInputs> {
  let stdin: Promise<Buffer> | undefined;
  const readStdinOnce = async (): Promise<Buffer> => {
    stdin ??= (async () => {
      const chunks: Buffer[] = [];
      for await (const c of process.stdin) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
      return Buffer.concat(chunks);
    })();
    return stdin;
  };
  const inputs = await resolveInputs(args, { stdin: readStdinOnce, root });
  return { inputs, withServer: (session) => resolveInputs(args, { stdin: readStdinOnce, server: session.server, root }) };
}

/** Print a fatal error the way users can act on, and return the exit code. */
export function reportFatal(e: unknown, command: string): number {
  if (e instanceof OptionsError) {
    say(e.message);
    process.stderr.write(`${helpPointer(command)}\n`);
    return EXIT_USAGE;
  }
  if (e instanceof BrowserNotFoundError || (e instanceof VisegError && BROWSER_ERROR_CODES.has(e.code))) {
    say(e.message);
    return EXIT_SOME_FAILED;
  }
  say(e instanceof Error ? e.message : String(e));
  return EXIT_SOME_FAILED;
}

/** A page rendered by {@link renderOne}: its artifacts are all there. */
export type RenderedPage = PageResult & Required<Pick<PageResult, 'snapshot' | 'tree' | 'decision'>>;

/**
 * Render one page (not a directory) with its snapshot, tree and decision kept. On failure prints
 * the error and returns null (the caller sets exit code 1). The session is closed either way.
 */
export async function renderOne(command: string, input: string, o: RenderCliOptions): Promise<RenderedPage | null> {
  const opts = { ...toExtractOptions(o), keepArtifacts: true };
  const checked = await checkInputs([input], opts.root);
  if (checked.inputs.length !== 1) throw new OptionsError(`${command} takes exactly one page, not a folder of ${checked.inputs.length}`);
  const first = at(checked.inputs, 0);
  if (first.error) {
    say(`${first.input}: ${first.error.code}: ${first.error.message}`);
    return null;
  }
  const session = await openSession(o);
  try {
    const inputs = await checked.withServer(session);
    const r = await processInput(session, at(inputs, 0), opts);
    if (!r.record.ok || !r.snapshot || !r.tree || !r.decision) {
      say(`${r.record.input}: ${r.record.error?.code}: ${r.record.error?.message}`);
      return null;
    }
    return { ...r, snapshot: r.snapshot, tree: r.tree, decision: r.decision };
  } finally {
    await session.close();
  }
}
