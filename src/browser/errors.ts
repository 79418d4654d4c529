/**
 * Error classes of the browser layer. Every error viseg raises on purpose carries a stable,
 * machine-readable `code` so the CLI can map it to an exit status / report entry without
 * parsing messages.
 */

/**
 * Every code an error record can carry. Stable: tools match on them. A new kind of failure gets a
 * code here (the record schema and the CLI's summary take them from this list).
 */
export const ERROR_CODES = [
  // the input itself
  'INPUT_NOT_FOUND', 'INPUT_UNREADABLE', 'UNSUPPORTED_INPUT', 'EMPTY_DIRECTORY', 'EMPTY_INPUT', 'BINARY_INPUT',
  'STDIN_READ_FAILED', 'INVALID_URL', 'INPUT_TOO_LARGE',
  // the library's `extract({ html, url })` given something else
  'INVALID_INPUT',
  // the browser
  'BROWSER_NOT_FOUND', 'BROWSER_PATH_NOT_FOUND', 'BROWSER_LAUNCH_FAILED', 'BROWSER_CRASHED',
  // loading the page
  'NAVIGATION_FAILED', 'HTTP_ERROR', 'PAGE_TIMEOUT', 'PAGE_CLOSED', 'WAIT_FOR_TIMEOUT', 'WAIT_FOR_FAILED',
  // the page's renderer died (out of memory, a document too deep to lay out); a page that kept
  // reloading itself so that no document stayed long enough to be read
  'PAGE_CRASHED', 'NAVIGATION_LOOP',
  // a page still in flight when its rendering session was closed (a worker shutting down)
  'SESSION_CLOSED',
  // the queue: the workers rendering a page kept dying (killed, out of memory)
  'WORKER_LOST',
  // `viseg check`: a site folder without index.html
  'NO_INDEX',
  // a bug in viseg
  'INTERNAL_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Every code a record's warning can carry: something went less than right, and the page still
 * has a result.
 */
export const WARNING_CODES = [
  // loading (browser/load.ts)
  'NAVIGATION_BLOCKED', 'NAVIGATION_INTERRUPTED', 'LOAD_EVENT_MISSING', 'FONTS_NOT_READY', 'NOT_SETTLED', 'SCROLL_CUT_SHORT',
  'STILL_NAVIGATING',
  // the page (pipeline)
  'NAVIGATED_AWAY', 'DIALOG_DISMISSED', 'POPUPS_CLOSED', 'SNAPSHOT_TRUNCATED', 'BROWSER_RESTARTED',
  // the page navigated while the snapshot was taken: it is of the document the page ended on
  'NAVIGATED_WHILE_READ',
  // the page's scripts hid its content offline and viseg recovered it (pipeline/recover.ts)
  'CONTENT_RECOVERED',
  // outputs
  'SCREENSHOT_FAILED',
  // `viseg check`: what failed, on the report's page
  'CHECK_FAILED',
] as const;

export type WarningCode = (typeof WARNING_CODES)[number];

export interface Warning {
  code: WarningCode;
  message: string;
}

/** A warning. */
export function warning(code: WarningCode, message: string): Warning {
  return { code, message };
}

/** The codes of failures of the browser itself (not of one page). */
export const BROWSER_ERROR_CODES: ReadonlySet<ErrorCode> = new Set(['BROWSER_NOT_FOUND', 'BROWSER_PATH_NOT_FOUND', 'BROWSER_LAUNCH_FAILED', 'BROWSER_CRASHED']);

/** Base class: an error with a stable `code` (SCREAMING_SNAKE_CASE). */
export class VisegError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VisegError';
    this.code = code;
  }
}

/** No usable Chromium/Chrome was found by {@link findBrowser}. */
export class BrowserNotFoundError extends VisegError {
  constructor(message?: string) {
    super(
      'BROWSER_NOT_FOUND',
      message ??
        'No Chromium found. Install one: `npx playwright install chromium`, or on Debian/Ubuntu ' +
          '`sudo apt-get install chromium chromium-headless-shell` (the headless shell is preferred: less CPU per page), ' +
          'or point viseg at a browser with --browser-path /path/to/chrome or VISEG_BROWSER_PATH=/path/to/chrome.',
    );
    this.name = 'BrowserNotFoundError';
  }
}

/** An explicitly given browser path (flag or env) does not exist or is not a file. */
export class BrowserPathNotFoundError extends VisegError {
  readonly path: string;

  constructor(path: string, via: string, detail = 'does not exist') {
    super('BROWSER_PATH_NOT_FOUND', `Browser executable ${JSON.stringify(path)} (from ${via}) ${detail}.`);
    this.name = 'BrowserPathNotFoundError';
    this.path = path;
  }
}

/** Launching or connecting to the browser failed. */
export class BrowserLaunchError extends VisegError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('BROWSER_LAUNCH_FAILED', message, options);
    this.name = 'BrowserLaunchError';
  }
}

/** Navigation failed before any document was committed (DNS error, connection refused, blocked...). */
export class NavigationError extends VisegError {
  readonly url: string;

  constructor(url: string, message: string, options?: { cause?: unknown }) {
    super('NAVIGATION_FAILED', message, options);
    this.name = 'NavigationError';
    this.url = url;
  }
}

/**
 * The hard deadline of `loadPage` expired. The page may be stuck (e.g. `while(true){}`),
 * so the caller must close the page/context with {@link closeQuietly}.
 */
export class PageTimeoutError extends VisegError {
  readonly timeoutMs: number;
  /** The loading phase that was running when the deadline hit. */
  readonly phase: string;

  constructor(timeoutMs: number, phase: string, url: string) {
    super('PAGE_TIMEOUT', `Page ${url} did not finish loading within ${timeoutMs} ms (stuck in phase: ${phase}).`);
    this.name = 'PageTimeoutError';
    this.timeoutMs = timeoutMs;
    this.phase = phase;
  }
}

/** `--wait-for` selector did not appear in time. */
export class WaitForTimeoutError extends VisegError {
  readonly selector: string;

  constructor(selector: string, ms: number) {
    super('WAIT_FOR_TIMEOUT', `Selector ${JSON.stringify(selector)} did not appear within ${ms} ms.`);
    this.name = 'WaitForTimeoutError';
    this.selector = selector;
  }
}

/** `--wait-for` failed for another reason than a timeout (typically an invalid selector). */
export class WaitForError extends VisegError {
  constructor(selector: string, message: string, options?: { cause?: unknown }) {
    super('WAIT_FOR_FAILED', `Waiting for selector ${JSON.stringify(selector)} failed: ${message}`, options);
    this.name = 'WaitForError';
  }
}

/** True when `e` is a {@link VisegError} (optionally with the given code). */
export function isVisegError(e: unknown, code?: ErrorCode): e is VisegError {
  return e instanceof VisegError && (code === undefined || e.code === code);
}
