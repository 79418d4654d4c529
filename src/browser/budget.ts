/**
 * A budget of bytes held at once, shared by everyone who takes from it. The file server reads an
 * asset whole before it answers (its charset depends on all of it), up to 100 MB once inflated: a
 * page that asks for a 100 MB asset (a 100 KB `.gz`) on every connection it has would make the
 * server hold that much per request, and several such pages several gigabytes. Each read first
 * takes the bytes it may hold from one budget for the whole server, and gives them back when its
 * response is done or abandoned; a read that does not fit waits. A waiting read does not hold up
 * a later one that fits.
 */
import { at } from '../util/at.js';

export class ByteBudget {
  private used = 0;
  private readonly waiting: Array<{ n: number; grant: () => void }> = [];

  constructor(readonly limit: number) {}

  /** Bytes taken and not yet given back. */
  get held(): number {
    return this.used;
  }

  /** Takers waiting for room. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Wait until `n` bytes (at most the whole budget) fit, take them, and return the function that
   * gives them back (calling it again does nothing).
   */
  async take(n: number): Promise<() => void> {
    const need = Math.min(Math.max(0, Math.ceil(n)), this.limit);
    if (this.used + need <= this.limit) this.used += need;
    else await new Promise<void>((grant) => this.waiting.push({ n: need, grant }));
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.used -= need;
      this.grantWaiting();
    };
  }

  /** Grants, in order, every waiting taker that fits now. */
  private grantWaiting(): void {
    for (let i = 0; i < this.waiting.length; ) {
      const w = at(this.waiting, i);
      if (this.used + w.n <= this.limit) {
        this.waiting.splice(i, 1);
        this.used += w.n;
        w.grant();
      } else i++;
    }
  }
}
