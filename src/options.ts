/**
 * Options, declared once with their defaults and validated at the edge (CLI and library API).
 * This schema is the only place a default is written: the command line leaves an option it was
 * not given undefined, and the stages below take resolved options.
 */
import { availableParallelism } from 'node:os';
import { z } from 'zod';

/** Whether the loader scrolls the page to trigger lazy content (see `scroll` below). */
export type ScrollMode = 'auto' | 'always' | 'never';

/**
 * The content strategies' names, in registry order. They are written here, below the strategies,
 * so that validating options needs no extraction code; strategies/index.ts keys its registry by
 * exactly these names (the compiler checks it).
 */
export const STRATEGY_NAMES = ['vips', 'heuristic', 'descent', 'link-ratio', 'signals', 'declutter', 'boilerpipe', 'ttr', 'mss'] as const;
export type StrategyName = (typeof STRATEGY_NAMES)[number];
/** The strategy when none is given: the schema's default, and what help texts and error records name. */
export const DEFAULT_STRATEGY: StrategyName = 'vips';

/**
 * The page types a caller may give (`pageType`): every type the classifier reads but `other`, which
 * says only that a page has no main content. Written here, below classify, for the reason
 * STRATEGY_NAMES is; the compiler checks that each is a page type where classify takes it.
 */
export const GIVEN_PAGE_TYPES = ['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service'] as const;
export type GivenPageType = (typeof GIVEN_PAGE_TYPES)[number];

/**
 * Pages rendered at once by default: `perCore` per CPU core, between `min` and `max`. A page spends
 * most of its wall time waiting (network, the settle window), so a core keeps several pages busy;
 * beyond `max` the browser, not the waiting, is the limit. The records do not depend on it.
 */
export const CONCURRENCY_RULE = Object.freeze({ perCore: 6, min: 6, max: 16 });

/** The default concurrency on a machine with `cores` CPU cores ({@link CONCURRENCY_RULE}). */
export function defaultConcurrency(cores: number = availableParallelism()): number {
  const { perCore, min, max } = CONCURRENCY_RULE;
  return Math.min(max, Math.max(min, perCore * cores));
}

/** {@link CONCURRENCY_RULE} in words, for help texts. */
export function describeConcurrencyRule(): string {
  const { perCore, min, max } = CONCURRENCY_RULE;
  return `${perCore} per CPU core, between ${min} and ${max}`;
}

const side = z.number().int().min(200).max(10_000);

/** The browser window in CSS px. */
export interface Viewport {
  width: number;
  height: number;
}

/** The window a page is rendered in when no viewport is given: a common laptop screen. */
export const DEFAULT_VIEWPORT: Readonly<Viewport> = Object.freeze({ width: 1366, height: 768 });

/** What a viewport that is neither `{ width, height }` nor `"WxH"` is told. */
const VIEWPORT_SHAPE = 'must be { width, height } in CSS px, or a string like "1366x768"';

/**
 * One shape for the viewport everywhere: `{ width, height }`, also written `"1366x768"` (the CLI's
 * `--viewport WxH`), which is read into the same object.
 */
export const viewportSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const m = /^(\d+)x(\d+)$/.exec(v.trim());
    return m ? { width: Number(m[1]), height: Number(m[2]) } : v;
  },
  z.strictObject({ width: side, height: side }, {
    error: (issue) => (issue.code === 'invalid_type' ? VIEWPORT_SHAPE : undefined),
  }),
);

/** A cookie to set before loading URL inputs (`--cookie`, `--cookies-file`), as Playwright takes it. */
export const cookieSchema = z.strictObject({
  name: z.string().min(1),
  value: z.string(),
  /** With `domain` (and `path`) or `url` the cookie goes where it says; with neither, to every URL input's own address. */
  domain: z.string().min(1).optional(),
  path: z.string().startsWith('/').optional(),
  url: z.url({ protocol: /^https?$/ }).optional(),
  /** Unix time in seconds; absent: a session cookie. */
  expires: z.number().optional(),
  httpOnly: z.boolean().optional(),
  secure: z.boolean().optional(),
  sameSite: z.enum(['Strict', 'Lax', 'None']).optional(),
});

export type CookieOption = z.output<typeof cookieSchema>;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * An instant in ISO 8601: a date (midnight UTC), or a date and time with `Z` or an offset. A time
 * without either is refused: JavaScript reads it in the machine's time zone, so the same option
 * would mean another instant on another machine.
 */
const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** `--clock`'s value as ms since 1970 (UTC), or NaN when it names no day of the calendar. */
export function clockTime(instant: string): number {
  const [y, m, d] = instant.slice(0, 10).split('-').map(Number) as [number, number, number];
  // Date.parse rolls 2026-02-30 over to March 2nd
  const daysInMonth = new Date(new Date(0).setUTCFullYear(y, m, 0)).getUTCDate();
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth ? Date.parse(instant) : NaN;
}

const clockSchema = z
  .string()
  .regex(INSTANT, { message: 'must be an ISO 8601 date, or a date and time with Z or an offset, like 2026-01-01T09:00:00Z', abort: true })
  .refine((v) => Number.isFinite(clockTime(v)), 'is not a day of the calendar or a time of day');

export const extractOptionsSchema = z.strictObject({
  /** Hard per-page deadline in ms (load, settle, snapshot). */
  timeout: z.number().int().min(1000).max(600_000).default(30_000),
  /** DOM and network must be quiet this long before the snapshot. */
  settleMs: z.number().int().min(0).max(60_000).default(500),
  /** Stop waiting for quiet after this long. */
  maxSettleMs: z.number().int().min(0).max(120_000).default(5_000),
  /** CSS selector that must appear before the snapshot. */
  waitFor: z.string().min(1).optional(),
  /**
   * Scroll through the page to trigger lazy content: 'auto' (only pages where something reacts
   * to scrolling), 'always' (or true), 'never' (or false).
   */
  scroll: z
    .union([z.boolean(), z.enum(['auto', 'always', 'never'])])
    .default('auto')
    .transform((v): ScrollMode => (v === true ? 'always' : v === false ? 'never' : v)),
  /** Block every request that leaves the machine, for URLs too. (Local inputs are always offline.) */
  offline: z.boolean().default(false),
  /**
   * The public URL of a local file or of stdin: links, images and the record's `finalUrl` are
   * resolved against it instead of the page's canonical URL (or left relative).
   */
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Permitted degree of coherence for the VIPS block tree (1..11; lower is coarser). Unset: the
   * tree stops at the fitted fine level (docs/segmentation.md).
   */
  pdoc: z.number().int().min(1).max(11).optional(),
  /** Pages rendered at once. */
  concurrency: z.number().int().min(1).max(64).default(() => defaultConcurrency()),
  /** The browser window, as `{ width, height }` in CSS px or the CLI's `"1366x768"`. */
  viewport: viewportSchema.default(() => ({ ...DEFAULT_VIEWPORT })),
  /** Which algorithm picks the main content (see the README's Strategies). */
  strategy: z.enum(STRATEGY_NAMES as readonly string[] as [string, ...string[]]).default(DEFAULT_STRATEGY),
  /**
   * Read every page as this type instead of the type the page-type model reads, as Zyte's and
   * Diffbot's type-specific extraction APIs take it: for a site whose pages the caller knows, so
   * that a page the model is unsure of is not read by another type's rules. The vips strategy's
   * option; the record still says `other` when the page has no main content.
   */
  pageType: z.enum(GIVEN_PAGE_TYPES).optional(),
  /** Keep the full decision record (every block, features, score components) in each result. */
  explain: z.boolean().default(false),
  /** Keep the snapshot and block tree in each result (library use; large). */
  keepArtifacts: z.boolean().default(false),
  /**
   * The site folder local files beneath it are served from (`--root`), so that a saved page's
   * `../css/site.css` loads. Default: each file's own folder.
   */
  root: z.string().min(1).optional(),
  /** The User-Agent every page sees (header and `navigator.userAgent`). Default: the browser's. */
  userAgent: z.string().min(1).optional(),
  /**
   * Start every page's clock (`Date`) at this instant, so that what a page computes from the time
   * (today's date, "3 hours ago", a countdown) is the same on every run; it runs on from there as
   * the page loads (browser/pagescripts.ts's clockScript). Default: the real time.
   */
  clock: clockSchema.optional(),
  /** Extra request headers for URL inputs (never sent for local files). */
  headers: z.record(z.string().regex(HEADER_NAME, 'must be a valid header name'), z.string()).default({}),
  /** Cookies set before each URL input. */
  cookies: z.array(cookieSchema).default([]),
  /** Proxy for URL inputs: `http://[user:pass@]host:port` (or https, socks4, socks5). Local files never use it. */
  proxy: z.url({ protocol: /^(https?|socks[45])$/, error: 'must be an http, https, socks4 or socks5 URL' }).optional(),
  /**
   * Requests of URL inputs to skip: URL patterns with `*` wildcards (`*://ads.example.com/*`), or
   * hosts (`ads.example.com`, `*.doubleclick.net`).
   */
  block: z.array(z.string().min(1)).default([]),
});

export type ExtractOptions = Omit<z.input<typeof extractOptionsSchema>, 'viewport'> & { viewport?: Viewport | `${number}x${number}` };
export type ResolvedExtractOptions = z.output<typeof extractOptionsSchema>;

/** What {@link analyzeSnapshot}-style pure stages take: a subset, with the same defaults. */
export const analyzeOptionsSchema = extractOptionsSchema.pick({ pdoc: true, strategy: true, pageType: true, baseUrl: true });
export type AnalyzeOptions = z.input<typeof analyzeOptionsSchema>;

/**
 * The options of a run that decide each page's content, as analyzeSnapshot takes them: listed
 * once, so that no caller of the pure stages drops one. The base URL is not among them: a rendered
 * page's callers resolve its URLs themselves.
 */
export function contentOptions(o: Pick<ResolvedExtractOptions, 'pdoc' | 'strategy' | 'pageType'>): Pick<AnalyzeOptions, 'pdoc' | 'strategy' | 'pageType'> {
  return { pdoc: o.pdoc, strategy: o.strategy, pageType: o.pageType };
}

/** Annotated screenshots (CLI `--screenshot`, `--screenshot-dir`, check reports). */
export const screenshotOptionsSchema = z.object({
  /** Pages taller than this (CSS px) are cut there, and the image says so. */
  maxHeight: z.number().int().min(1).max(100_000).default(16_000),
});

/** The queue's own options (`viseg queue add`, `enqueue`); a job's page options are the extract options. */
export const queueJobOptionsSchema = z.object({
  /** Renders of a failing page before its error record is stored. */
  attempts: z.number().int().min(1).max(20).default(2),
  maxHeight: screenshotOptionsSchema.shape.maxHeight,
});

/** `viseg worker`, `runWorker`. */
export const workerOptionsSchema = z.object({
  concurrency: extractOptionsSchema.shape.concurrency,
  /** How long (ms) a job stays locked to a worker that stopped answering before another worker takes it. */
  lockMs: z.number().int().min(1000).max(3_600_000).default(30_000),
});

export const browserOptionsSchema = z.strictObject({
  browserPath: z.string().min(1).optional(),
  wsEndpoint: z.url().optional(),
  cdpEndpoint: z.url().optional(),
  headless: z.boolean().default(true),
  /** Extra Chromium switches for a launched browser (`--browser-arg`). */
  browserArgs: z.array(z.string().regex(/^--?[A-Za-z0-9]/, 'must be a Chromium switch, starting with --')).default([]),
});

export type BrowserOptions = z.input<typeof browserOptionsSchema>;

/** Units of numeric options, for messages and help. */
export const OPTION_UNITS: Readonly<Record<string, string>> = {
  timeout: 'ms', settleMs: 'ms', maxSettleMs: 'ms', 'viewport.width': 'px', 'viewport.height': 'px', maxHeight: 'px', concurrency: 'pages', lockMs: 'ms',
};

/** One problem with one option: `path` is the option's key, `problem` reads after its name. */
export interface OptionIssue {
  path: string;
  /** e.g. `must be at least 1000 ms`. */
  problem: string;
}

/** Thrown for invalid options; the CLI maps it to exit code 2. */
export class OptionsError extends Error {
  readonly code = 'INVALID_OPTIONS';
  /** Empty when the error is not about one option (e.g. no inputs). */
  readonly issues: readonly OptionIssue[];
  constructor(message: string, issues: readonly OptionIssue[] = []) {
    super(message);
    this.name = 'OptionsError';
    this.issues = issues;
  }
}

/** A zod issue as a phrase that follows the option's name, with the option's unit. */
export function describeIssue(issue: z.core.$ZodIssue, key: string): string {
  const unit = OPTION_UNITS[key] ? ` ${OPTION_UNITS[key]}` : '';
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' ? 'must not be empty' : `must be at least ${String(issue.minimum)}${unit}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}${unit}`;
    case 'invalid_type':
      if (key === 'viewport') return VIEWPORT_SHAPE;
      if (issue.expected === 'int') return `must be a whole number${unit ? ` of${unit}` : ''}`;
      return `must be a ${issue.expected === 'boolean' ? 'boolean' : issue.expected}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_union':
      return key === 'scroll' ? 'must be one of auto, always, never (or true, false)' : 'has an invalid value';
    case 'invalid_format':
      // a pattern's own message says what it wants (`--clock`'s ISO 8601 instant)
      if (issue.format === 'regex') return issue.message;
      return issue.format === 'url' ? 'must be an http(s) URL' : `must be a valid ${issue.format}`;
    case 'invalid_key':
      // a record's key (a header's name): its own issue says what is wrong with it
      return issue.issues[0] ? describeIssue(issue.issues[0], key) : issue.message;
    case 'unrecognized_keys':
      return `has unknown option${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`;
    default:
      return issue.message;
  }
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) {
    const issues = r.error.issues.map((i) => {
      const path = i.path.map(String).join('.') || 'options';
      return { path, problem: describeIssue(i, path) };
    });
    throw new OptionsError(issues.map((i) => `${i.path} ${i.problem}`).join('; '), issues);
  }
  return r.data;
}

/** Throws OptionsError when a page type is given to a strategy other than vips, which has no use for it. */
export function checkPageTypeStrategy(o: { pageType?: string | undefined; strategy: string }): void {
  if (o.pageType === undefined || o.strategy === 'vips') return;
  const problem = `is read by the vips strategy only: ${o.strategy} has no rules by page type`;
  throw new OptionsError(`pageType ${problem}`, [{ path: 'pageType', problem }]);
}

export function resolveExtractOptions(o: ExtractOptions | undefined): ResolvedExtractOptions {
  const r = parseWith(extractOptionsSchema, o);
  checkPageTypeStrategy(r);
  if (r.proxy && r.offline) {
    const problem = 'does not go with offline: offline URL inputs reach their own origin directly, never through a proxy';
    throw new OptionsError(`proxy ${problem}`, [{ path: 'proxy', problem }]);
  }
  return r;
}

/** Everything a `--config` file may hold: the library's options, as {@link extractOptionsSchema} and {@link browserOptionsSchema} define them. */
export const configFileSchema = extractOptionsSchema.omit({ keepArtifacts: true }).extend(browserOptionsSchema.shape).strict();

/**
 * The options a `--config` file sets (validated; keys it does not name stay unset). Throws
 * OptionsError naming the file and the key.
 */
export function parseConfigOptions(raw: unknown, file: string): Partial<z.output<typeof configFileSchema>> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new OptionsError(`${file}: a config file holds one object of options`);
  const r = configFileSchema.safeParse(raw);
  if (!r.success) {
    const msg = r.error.issues.map((i) => {
      const path = i.path.map(String).join('.') || 'options';
      return `${path} ${describeIssue(i, path)}`;
    });
    throw new OptionsError(`${file}: ${msg.join('; ')}`);
  }
  const given = new Set(Object.keys(raw));
  return Object.fromEntries(Object.entries(r.data).filter(([k]) => given.has(k))) as Partial<z.output<typeof configFileSchema>>;
}

export function resolveBrowserOptions(o: BrowserOptions | undefined): z.output<typeof browserOptionsSchema> {
  return parseWith(browserOptionsSchema, o);
}

/** Every default of {@link extractOptionsSchema}, for help texts (computed ones as on this machine). */
export function extractDefaults(): ResolvedExtractOptions {
  return extractOptionsSchema.parse({});
}
