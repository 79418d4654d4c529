import { describe, expect, it } from 'vitest';
import { ByteBudget } from '../../../src/browser/budget.js';

describe('ByteBudget', () => {
  it('lets takers hold at most the limit at once, and the next one in when bytes come back', async () => {
    const b = new ByteBudget(100);
    const a = await b.take(60);
    const c = await b.take(40);
    expect(b.held).toBe(100);
    let third: (() => void) | undefined;
    const waiting = b.take(50).then((g) => (third = g));
    await Promise.resolve();
    expect(b.queued).toBe(1);
    expect(third).toBeUndefined();
    a();
    await waiting;
    expect(b.held).toBe(90);
    a(); // giving back twice gives back once
    expect(b.held).toBe(90);
    c();
    third!();
    expect(b.held).toBe(0);
  });

  it('does not hold a small taker behind a big one that waits, and clamps a taker to the whole budget', async () => {
    const b = new ByteBudget(100);
    const first = await b.take(70);
    let big = false;
    const waitingBig = b.take(1_000_000).then((g) => ((big = true), g)); // clamped to 100: waits for everything
    const small = await b.take(20); // fits now
    expect(b.held).toBe(90);
    expect(big).toBe(false);
    first();
    small();
    const g = await waitingBig;
    expect(b.held).toBe(100);
    g();
    expect(b.held).toBe(0);
  });
});
