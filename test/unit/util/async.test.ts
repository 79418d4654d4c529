/** The shared time-bounded waits (util/async.ts). */
import { describe, expect, it } from 'vitest';
import { race, within } from '../../../src/util/async.js';

const never = new Promise<never>(() => undefined);
const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('within', () => {
  it('is true when the promise settles in time, fulfilled or rejected, and false when it does not', async () => {
    expect(await within(Promise.resolve(1), 1000)).toBe(true);
    expect(await within(Promise.reject(new Error('x')), 1000)).toBe(true);
    expect(await within(never, 0)).toBe(false);
  });

  it('holds the process open while it waits, unless told not to', async () => {
    let settle = () => undefined as void;
    const pending = new Promise<void>((r) => (settle = r));
    const before = timeouts();
    const held = within(pending, 60_000);
    expect(timeouts()).toBe(before + 1);
    const loose = within(pending, 60_000, { unref: true });
    expect(timeouts()).toBe(before + 1);
    settle();
    expect(await Promise.all([held, loose])).toEqual([true, true]);
    expect(timeouts()).toBe(before);
  });
});

describe('race', () => {
  it('gives the outcome in time, or the timeout error', async () => {
    expect(await race(Promise.resolve(2), 1000, () => new Error('late'))).toBe(2);
    await expect(race(never, 0, () => new Error('late'))).rejects.toThrow('late');
  });
});
