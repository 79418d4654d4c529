/**
 * Options, declared once with their defaults and validated at the edge (CLI and library API).
 */
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { scrollMode } from './browser/load-options.js';
import { STRATEGY_NAMES } from './strategies/index.js';

/**
 * Pages rendered at once by default: 6 per CPU core, between 6 and 16. A page spends most of its
 * wall time waiting (network, the 500 ms settle window), so a core keeps several pages busy. On the
 * 2-core dev machine, alternating in one process: 8 rendered 3.9 pages/s against 3.2 with 4, and
 * 12 rendered 5.59 against 5.08 with 8 (ahead in 5 of 5 rounds) while 16 was no faster than 12.
 * The records do not depend on it.
 */
export function defaultConcurrency(cores: number = availableParallelism()): number {
  return Math.min(16, Math.max(6, 6 * cores));
}

/** A cookie to set before loading URL inputs (`--cookie`, `--cookies-file`), as Playwright takes it. */
export const cookieSchema = z
  .object({
    name: z.string().min(1),
    value: z.string(),
    /** With `domain` (and `path`) or `url` the cookie goes where it says; with neither, to every URL input's own address. */
    domain: z.string().min(1).optional(),
    path: z.string().startsWith('/').optional(),
    url: z.string().url().optional(),
    /** Unix time in seconds; absent: a session cookie. */
    expires: z.number().optional(),
    httpOnly: z.boolean().optional(),
    secure: z.boolean().optional(),
    sameSite: z.enum(['Strict', 'Lax', 'None']).optional(),
  })
  .strict();

export type CookieOption = z.output<typeof cookieSchema>;

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const PROXY_SCHEMES = ['http:', 'https:', 'socks4:', 'socks5:'];

export const extractOptionsSchema = z.object({
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
    .transform(scrollMode),
  /** Block every request that leaves the machine, for URLs too. (Local inputs are always offline.) */
  offline: z.boolean().default(false),
  /** Permitted degree of coherence for the VIPS block tree (1..11; lower is coarser). */
  pdoc: z.number().int().min(1).max(11).default(8),
  /** Pages rendered at once. */
  concurrency: z.number().int().min(1).max(64).default(() => defaultConcurrency()),
  viewportWidth: z.number().int().min(200).max(10_000).default(1366),
  viewportHeight: z.number().int().min(200).max(10_000).default(768),
  /** Which algorithm picks the main content (see docs/strategies.md). */
  strategy: z.string().refine((v) => STRATEGY_NAMES.includes(v), { message: `strategy must be one of: ${STRATEGY_NAMES.join(', ')}` }).default('vips'),
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
  /** Extra request headers for URL inputs (never sent for local files). */
  headers: z.record(z.string().regex(HEADER_NAME, 'not a valid header name'), z.string()).default({}),
  /** Cookies set before each URL input. */
  cookies: z.array(cookieSchema).default([]),
  /** Proxy for URL inputs: `http://[user:pass@]host:port` (or https, socks4, socks5). Local files never use it. */
  proxy: z
    .string()
    .url()
    .refine((v) => PROXY_SCHEMES.includes(new URL(v).protocol), { message: `proxy must be an ${PROXY_SCHEMES.join(' / ')} URL` })
    .optional(),
  /**
   * Requests of URL inputs to skip: URL patterns with `*` wildcards (`*://ads.example.com/*`), or
   * hosts (`ads.example.com`, `*.doubleclick.net`).
   */
  block: z.array(z.string().min(1)).default([]),
});

export type ExtractOptions = z.input<typeof extractOptionsSchema>;
export type ResolvedExtractOptions = z.output<typeof extractOptionsSchema>;

export const browserOptionsSchema = z.object({
  browserPath: z.string().min(1).optional(),
  wsEndpoint: z.string().url().optional(),
  cdpEndpoint: z.string().url().optional(),
  headless: z.boolean().default(true),
  /** Extra Chromium switches for a launched browser (`--browser-arg`). */
  browserArgs: z.array(z.string().regex(/^--?[A-Za-z0-9]/, 'a Chromium switch starts with --')).default([]),
});

export type BrowserOptions = z.input<typeof browserOptionsSchema>;

/** Thrown for invalid options; the CLI maps it to exit code 2. */
export class OptionsError extends Error {
  readonly code = 'INVALID_OPTIONS';
  constructor(message: string) {
    super(message);
    this.name = 'OptionsError';
  }
}

function parseWith<S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) {
    const msg = r.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; ');
    throw new OptionsError(msg);
  }
  return r.data;
}

export function resolveExtractOptions(o: ExtractOptions | undefined): ResolvedExtractOptions {
  const r = parseWith(extractOptionsSchema, o);
  if (r.proxy && r.offline) {
    throw new OptionsError('proxy and offline do not go together: offline URL inputs reach their own origin directly, never through a proxy');
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
    const msg = r.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; ');
    throw new OptionsError(`${file}: ${msg}`);
  }
  const given = new Set(Object.keys(raw));
  return Object.fromEntries(Object.entries(r.data).filter(([k]) => given.has(k))) as Partial<z.output<typeof configFileSchema>>;
}

export function resolveBrowserOptions(o: BrowserOptions | undefined): z.output<typeof browserOptionsSchema> {
  return parseWith(browserOptionsSchema, o);
}
