/**
 * What a page does while it loads, seen from outside: requests in flight, dialogs (dismissed),
 * and the navigations it starts by itself. `loadPage` settles on it.
 */
import type { Dialog, Frame, Page, Request, Response } from 'playwright-core';
import { warning, type Warning } from './errors.js';
import { withoutFragment } from '../util/url.js';

const MAX_DIALOGS = 50;

/**
 * A fetch() whose body has not finished loading this long after its response arrived no longer
 * counts as in flight: Chromium never reports a body the page does not read as finished
 * (`if (!res.ok) return`), while a body the page reads finishes on its own.
 */
export const FETCH_BODY_GRACE_MS = 1_000;

/** Listens to one page for the duration of a load: requests in flight, dialogs, self-navigations. */
export class PageTracker {
  readonly inflight = new Set<Request>();
  /** When the response of each fetch() still in `inflight` arrived. */
  private readonly answeredAt = new Map<Request, number>();
  lastNetActivity = Date.now();
  lastNavActivity = 0;
  readonly dialogs: string[] = [];
  readonly warnings: Warning[] = [];
  gotoPending = false;
  private initialNavSeen = false;
  /** A page-initiated main-frame navigation request is under way (not yet committed or failed). */
  pendingNav: Request | null = null;
  /** Page-initiated main-frame navigations that committed. */
  navCommits = 0;
  navigatedAway = false;
  initialUrl: string | undefined;
  mainStatus: number | null = null;
  private readonly offs: Array<() => void> = [];

  constructor(private readonly page: Page) {
    const onRequest = (req: Request) => this.onRequest(req);
    const onFinished = (req: Request) => this.onRequestDone(req, null);
    const onFailed = (req: Request) => this.onRequestDone(req, req.failure()?.errorText ?? 'failed');
    const onResponse = (resp: Response) => {
      const req = resp.request();
      if (this.isMainNav(req)) this.mainStatus = resp.status();
      if (req.resourceType() === 'fetch' && this.inflight.has(req)) {
        this.lastNetActivity = Date.now();
        this.answeredAt.set(req, this.lastNetActivity);
      }
    };
    const onFrameNavigated = (frame: Frame) => this.onFrameNavigated(frame);
    const onDialog = (d: Dialog) => {
      if (this.dialogs.length < MAX_DIALOGS) this.dialogs.push(`${d.type()}: ${d.message()}`);
      d.dismiss().catch(() => undefined);
    };
    page.on('request', onRequest);
    page.on('requestfinished', onFinished);
    page.on('requestfailed', onFailed);
    page.on('response', onResponse);
    page.on('framenavigated', onFrameNavigated);
    page.on('dialog', onDialog);
    this.offs.push(
      () => page.off('request', onRequest),
      () => page.off('requestfinished', onFinished),
      () => page.off('requestfailed', onFailed),
      () => page.off('response', onResponse),
      () => page.off('framenavigated', onFrameNavigated),
      () => page.off('dialog', onDialog),
    );
  }

  private isMainNav(req: Request): boolean {
    try {
      return req.isNavigationRequest() && req.frame() === this.page.mainFrame();
    } catch {
      return false; // service-worker requests have no frame
    }
  }

  private onRequest(req: Request): void {
    const type = req.resourceType();
    if (type !== 'websocket' && type !== 'eventsource') {
      this.inflight.add(req);
      this.lastNetActivity = Date.now();
    }
    if (this.isMainNav(req) && !req.redirectedFrom()) {
      if (this.gotoPending && !this.initialNavSeen) {
        this.initialNavSeen = true;
      } else {
        this.pendingNav = req;
        this.lastNavActivity = Date.now();
      }
    }
  }

  private onRequestDone(req: Request, failure: string | null): void {
    this.answeredAt.delete(req);
    if (this.inflight.delete(req)) this.lastNetActivity = Date.now();
    if (failure !== null && this.pendingNav && (req === this.pendingNav || this.chainStart(req) === this.pendingNav)) {
      this.warnings.push(warning('NAVIGATION_BLOCKED', `The page tried to navigate to ${req.url()} (${failure}); stayed on the current document.`));
      this.pendingNav = null;
      this.lastNavActivity = Date.now();
    }
  }

  private chainStart(req: Request): Request {
    let r = req;
    for (let f = r.redirectedFrom(); f; f = r.redirectedFrom()) r = f;
    return r;
  }

  private onFrameNavigated(frame: Frame): void {
    if (frame !== this.page.mainFrame() || !this.pendingNav) return;
    this.pendingNav = null;
    this.navCommits++;
    this.lastNavActivity = Date.now();
    if (this.initialUrl !== undefined && withoutFragment(frame.url()) !== withoutFragment(this.initialUrl)) this.navigatedAway = true;
  }

  /**
   * Requests in flight: long-lived websocket/eventsource excluded, and a fetch() whose body is
   * still unfinished {@link FETCH_BODY_GRACE_MS} after its response arrived.
   */
  busyRequests(now = Date.now()): number {
    let n = this.inflight.size;
    for (const t of this.answeredAt.values()) if (now - t >= FETCH_BODY_GRACE_MS) n--;
    return n;
  }

  dispose(): void {
    for (const off of this.offs) off();
    this.offs.length = 0;
  }
}
