/**
 * `--clock` in web workers. A worker is a realm no init script reaches, so the clock script
 * (pagescripts.ts `clockScript`) is evaluated in each dedicated worker over the DevTools protocol
 * while the browser holds the worker at its start, before any of its own code runs: workers of
 * the page, of its frames (out-of-process ones too) and of other workers, whatever their script's
 * URL (http, blob:, data:), type (classic or module) or CSP. A worker is a realm of its own, as a
 * frame is a document of its own: its clock starts at the instant when the worker starts, and
 * runs on with the worker's `performance.now()`.
 *
 * Why the protocol and not a wrapped `Worker` constructor: a wrapper would have to rewrite the
 * worker's script (a blob: that imports the original changes the worker's `location`, which its
 * relative imports and `importScripts` resolve against; a data: worker has an opaque origin and
 * cannot import it; a CSP without blob: refuses the rewritten script), and it would live in the
 * page, where the page can reach it. A worker held by the browser runs nothing until it is let go.
 *
 * How the protocol is used, and why so. Playwright's client (a `CDPSession`) sends only to the
 * target it was opened on, not to the flat child sessions an auto-attach makes, so:
 * - Workers are held by `Target.autoAttachRelated` on a browser session of our own (a flat
 *   auto-attach that waits for the debugger). The browser holds a new worker until every flat
 *   session that waits on it lets it go, so Playwright's own session, which resumes its workers at
 *   once, does not let it start; detaching ours does. The clock goes in through a second,
 *   non-flat session on the worker (`Target.sendMessageToTarget`), which our client can address.
 *   Each worker is watched in turn, for the workers it starts.
 * - Detaching a flat session does not let a held frame go (a Chromium bug), so out-of-process
 *   frames, whose workers are related to the frame's target and not to the page's, are held by a
 *   non-flat auto-attach on each page and frame instead, and resumed with
 *   `Runtime.runIfWaitingForDebugger` once their own workers and frames are watched.
 * - The first page of a context is watched before its first document ({@link workerClockReady}):
 *   Playwright does not tell the browser's id of a context, the page's target does. Later pages (popups) are watched as soon
 *   as the browser reports them, but not held: a new page, like a new shared worker, is held only
 *   until the first of the browser's clients lets it go, and Playwright lets its own go at once.
 *   For the same reason shared workers keep the real clock: one would get the clock or not
 *   depending on which client answered first, and a date that is the one given on some runs and
 *   today's on others is worse than today's on every run.
 * A target that cannot be reached in time is let go without the clock (as a document whose global
 * object is frozen keeps the real clock), never held for longer than {@link HOLD_MS}.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { within } from '../util/async.js';

/** The longest a worker, frame or page is held while its clock is set up. */
const HOLD_MS = 5000;

const WORKERS = [{ type: 'worker' }, { exclude: true }];
const FRAMES = [{ type: 'iframe' }, { exclude: true }];
const PAGES = [{ type: 'page' }, { exclude: true }];

interface TargetInfo {
  targetId: string;
  type: string;
  browserContextId?: string;
}

interface Attached {
  sessionId: string;
  targetInfo: TargetInfo;
  waitingForDebugger: boolean;
}

interface Pending {
  session: string;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

/** Every clocked context of one browser, and the browser session that holds their workers. */
class WorkerClocks {
  /** The clock script of each clocked context, by the browser's id of the context. */
  readonly scripts = new Map<string, string>();
  /** Pages and frames whose workers and frames are watched, by target id: resolved once they are held. */
  private readonly watched = new Map<string, Promise<void>>();
  private readonly pending = new Map<number, Pending>();
  private seq = 0;

  /** Holds workers (autoAttachRelated), carries every non-flat session, and reports new pages. */
  constructor(private readonly related: CDPSession) {
    related.on('Target.attachedToTarget', (ev) => void this.onWorker(ev as Attached));
    related.on('Target.receivedMessageFromTarget', (ev) => this.onMessage(ev.sessionId, ev.message));
    related.on('Target.detachedFromTarget', (ev) => this.dropSession(ev.sessionId, ev.targetId));
    related.on('Target.targetCreated', (ev) => {
      if (this.scriptOf(ev.targetInfo)) this.watch(ev.targetInfo.targetId).catch(() => undefined);
    });
  }

  static async open(browser: Browser): Promise<WorkerClocks> {
    const related = await browser.newBrowserCDPSession();
    const clocks = new WorkerClocks(related);
    await related.send('Target.setDiscoverTargets', { discover: true, filter: PAGES });
    return clocks;
  }

  /**
   * Hold the workers and out-of-process frames of a page or frame from now on (idempotent).
   * Resolves once they are held.
   */
  watch(targetId: string): Promise<void> {
    let w = this.watched.get(targetId);
    if (!w) {
      w = Promise.all([
        this.watchWorkers(targetId),
        (async () => {
          const { sessionId } = await this.related.send('Target.attachToTarget', { targetId, flatten: false });
          await this.call(sessionId, 'Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false, filter: FRAMES });
        })(),
      ]).then(() => undefined);
      w.catch(() => this.watched.delete(targetId));
      this.watched.set(targetId, w);
    }
    return w;
  }

  /** A worker held by `related`: its own workers are held too, it gets the clock, and it goes. */
  private async onWorker(ev: Attached): Promise<void> {
    if (!ev.waitingForDebugger) return; // our own non-flat sessions, and re-attaches of released workers
    const { targetInfo } = ev;
    const script = this.scriptOf(targetInfo);
    try {
      if (script) {
        await within(Promise.all([this.watchWorkers(targetInfo.targetId).catch(() => undefined), this.evaluate(targetInfo.targetId, script)]), HOLD_MS);
      }
    } finally {
      // detaching lets a held worker go (unlike a held frame)
      await this.related.send('Target.detachFromTarget', { sessionId: ev.sessionId }).catch(() => undefined);
    }
  }

  private async watchWorkers(targetId: string): Promise<void> {
    await this.related.send('Target.autoAttachRelated', { targetId, waitForDebuggerOnStart: true, filter: WORKERS });
  }

  private scriptOf(t: TargetInfo): string | undefined {
    return t.browserContextId === undefined ? undefined : this.scripts.get(t.browserContextId);
  }

  /** Run `script` in a (held) worker through a non-flat session of its own. */
  private async evaluate(targetId: string, script: string): Promise<void> {
    const { sessionId } = await this.related.send('Target.attachToTarget', { targetId, flatten: false });
    try {
      await this.call(sessionId, 'Runtime.evaluate', { expression: script, silent: true });
    } finally {
      await this.related.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    }
  }

  /** A held out-of-process frame, seen by the non-flat session `parent` of its page or frame. */
  private async onFrame(parent: string, ev: Attached): Promise<void> {
    try {
      if (this.scriptOf(ev.targetInfo)) await within(this.watch(ev.targetInfo.targetId).catch(() => undefined), HOLD_MS);
    } finally {
      const resume = JSON.stringify({ id: 1, method: 'Runtime.runIfWaitingForDebugger' });
      await this.call(parent, 'Target.sendMessageToTarget', { sessionId: ev.sessionId, message: resume }).catch(() => undefined);
    }
  }

  /** Send a command to one of `related`'s non-flat sessions and wait for its answer. */
  private call(session: string, method: string, params: object): Promise<unknown> {
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { session, resolve, reject });
      this.related.send('Target.sendMessageToTarget', { sessionId: session, message: JSON.stringify({ id, method, params }) }).catch((e: Error) => {
        this.pending.delete(id);
        reject(e);
      });
    });
  }

  private onMessage(session: string | undefined, message: string): void {
    let m: { id?: number; method?: string; params?: unknown; result?: unknown; error?: { message?: string } };
    try {
      m = JSON.parse(message) as typeof m;
    } catch {
      return;
    }
    if (m.id !== undefined) {
      const p = this.pending.get(m.id);
      if (!p || p.session !== session) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(new Error(m.error.message ?? 'protocol error'));
      else p.resolve(m.result);
      return;
    }
    const ev = m.params as Attached | undefined;
    if (session && m.method === 'Target.attachedToTarget' && ev?.waitingForDebugger && ev.targetInfo.type === 'iframe') void this.onFrame(session, ev);
  }

  /** A session of `related` ended: a target gone (or a worker's evaluation session closed). */
  private dropSession(session: string, targetId: string | undefined): void {
    if (targetId !== undefined) this.watched.delete(targetId);
    for (const [id, p] of this.pending) {
      if (p.session !== session) continue;
      this.pending.delete(id);
      p.reject(new Error('target closed'));
    }
  }
}

const controllers = new WeakMap<Browser, Promise<WorkerClocks | null>>();
const contextClocks = new WeakMap<BrowserContext, { browser: Browser; script: string }>();
const ready = new WeakMap<Page, Promise<void>>();

function controllerOf(browser: Browser): Promise<WorkerClocks | null> {
  let c = controllers.get(browser);
  if (!c) {
    c = WorkerClocks.open(browser).catch(() => null); // not Chromium, or a connection without browser sessions
    controllers.set(browser, c);
  }
  return c;
}

/**
 * Give the workers of `context`'s pages the clock its documents have: `script` is the
 * `clockScript` the context's init script holds (see the module comment).
 */
export function clockWorkers(context: BrowserContext, browser: Browser, script: string): void {
  contextClocks.set(context, { browser, script });
}

/**
 * Resolves once the workers `page` starts will get its context's clock: at once for a context
 * without a clock or a page already watched. Await it before the page's first document; it never
 * rejects, and gives up after {@link HOLD_MS}.
 */
export function workerClockReady(page: Page): Promise<void> {
  const clock = contextClocks.get(page.context());
  if (!clock) return Promise.resolve();
  let r = ready.get(page);
  if (!r) {
    r = within(watchPage(page, clock.browser, clock.script), HOLD_MS).then(() => undefined);
    ready.set(page, r);
  }
  return r;
}

async function watchPage(page: Page, browser: Browser, script: string): Promise<void> {
  // listened for before the first await: a context that closes while the page is being watched
  // (its load's deadline passed) must not leave its script behind for the browser's lifetime
  const context = page.context();
  let closed = false;
  let forget = (): void => undefined;
  context.once('close', () => {
    closed = true;
    forget();
  });
  const clocks = await controllerOf(browser);
  if (!clocks || closed) return;
  const session = await context.newCDPSession(page);
  let info: TargetInfo;
  try {
    info = (await session.send('Target.getTargetInfo')).targetInfo;
  } finally {
    await session.detach().catch(() => undefined);
  }
  const contextId = info.browserContextId;
  if (contextId === undefined || closed) return;
  if (!clocks.scripts.has(contextId)) {
    clocks.scripts.set(contextId, script);
    forget = () => void clocks.scripts.delete(contextId);
  }
  await clocks.watch(info.targetId);
}
