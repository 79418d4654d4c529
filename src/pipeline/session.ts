/**
 * A rendering session: one browser (launched or connected) and one loopback file server, reused
 * across every page of a run. Restarts the browser when it crashes.
 */
import { launchBrowser, startFileServer, VisegError, type FileServer, type LaunchedBrowser, type LaunchOptions } from '../browser/index.js';

/**
 * Loopback ports (origins) of the session's file server. Local files are spread over them by path,
 * so that two pages one after the other in a tab are on different origins 15 times in 16, and the
 * tab can skip about:blank between them (pipeline/tabs.ts).
 */
export const SERVER_PORTS = 16;

export class Session {
  private launched: LaunchedBrowser | null = null;
  private starting: Promise<LaunchedBrowser> | null = null;
  private restarts = 0;
  private closed = false;

  private constructor(readonly server: FileServer, private readonly launchOptions: LaunchOptions) {}

  static async open(launchOptions: LaunchOptions = {}): Promise<Session> {
    const server = await startFileServer({ ports: SERVER_PORTS });
    const s = new Session(server, launchOptions);
    try {
      await s.browser();
    } catch (e) {
      await server.close();
      throw e;
    }
    return s;
  }

  /** The live browser, launching (or relaunching after a crash) when needed. */
  async browser(): Promise<LaunchedBrowser> {
    if (this.launched && this.launched.browser.isConnected()) return this.launched;
    // a page still in flight when the session closed must not launch a browser nobody will close
    if (this.closed) throw new VisegError('SESSION_CLOSED', 'the rendering session was closed');
    if (!this.starting) {
      const old = this.launched;
      this.launched = null;
      // `starting` is set before the first await: callers arriving while the old browser closes
      // must wait for the same launch, not start browsers of their own (which would leak).
      this.starting = (async () => {
        if (old) {
          this.restarts++;
          await old.close().catch(() => undefined);
        }
        return launchBrowser(this.launchOptions);
      })().then(
        (b) => {
          this.launched = b;
          this.starting = null;
          return b;
        },
        (e) => {
          this.starting = null;
          throw e;
        },
      );
    }
    return this.starting;
  }

  get browserRestarts(): number {
    return this.restarts;
  }

  get description(): string {
    return this.launched?.description ?? '';
  }

  async close(): Promise<void> {
    this.closed = true;
    await (this.starting ?? Promise.resolve()).catch(() => undefined);
    await this.launched?.close().catch(() => undefined);
    await this.server.close().catch(() => undefined);
  }
}
