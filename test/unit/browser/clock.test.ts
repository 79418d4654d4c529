/**
 * The `--clock` init script, run in a fresh V8 realm as a page would run it: the realm's clock
 * starts at the given instant and runs on with its own `performance.now()`, and everything else a
 * page does with `Date` still works.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { clockScript, MAX_TIME_MS } from '../../../src/browser/pagescripts.js';

const START = Date.UTC(2026, 0, 1, 9, 0, 0);

/** A realm with a performance clock the test moves by hand, and the script installed. */
function realm(start = START): { ms: { now: number }; run: (code: string) => unknown } {
  const ms = { now: 0 };
  const sandbox = { performance: { now: () => ms.now } };
  runInNewContext(clockScript(start), sandbox);
  return { ms, run: (code) => runInNewContext(code, sandbox) };
}

describe('clockScript (--clock)', () => {
  it("starts the document's clock at the instant and runs it with the document's performance clock", () => {
    const { ms, run } = realm();
    expect(run('Date.now()')).toBe(START);
    expect(run('new Date().toISOString()')).toBe('2026-01-01T09:00:00.000Z');
    ms.now = 90_000.7;
    expect(run('Date.now()')).toBe(START + 90_000);
    expect(run('new Date().getTime()')).toBe(START + 90_000);
    expect(run('Date()')).toBe(run('new Date(Date.now()).toString()'));
    expect(run('typeof Date()')).toBe('string');
  });

  it('leaves dates built from values, parsing, instanceof and subclasses as they are', () => {
    const { run } = realm();
    expect(run('new Date(2024, 1, 29, 12).getDate()')).toBe(29);
    expect(run('new Date(0).getTime()')).toBe(0);
    expect(run("new Date('2020-05-06T07:08:09Z').getTime()")).toBe(Date.UTC(2020, 4, 6, 7, 8, 9));
    expect(run("Date.parse('2020-05-06T07:08:09Z')")).toBe(Date.UTC(2020, 4, 6, 7, 8, 9));
    expect(run('Date.UTC(2020, 0, 1)')).toBe(Date.UTC(2020, 0, 1));
    expect(run('new Date() instanceof Date')).toBe(true);
    expect(run('new Date().constructor === Date && Date.name === "Date" && Date.length === 7')).toBe(true);
    expect(run('class Stamp extends Date { year() { return this.getUTCFullYear(); } }; const s = new Stamp(); s instanceof Stamp && s instanceof Date && s.year()')).toBe(2026);
    expect(run('class Fixed extends Date {}; new Fixed(86400000).getTime()')).toBe(86_400_000);
  });

  it('is installed once however often it runs, and keeps the first start', () => {
    const { run } = realm();
    run(clockScript(0));
    expect(run('Date.now()')).toBe(START);
  });

  it('refuses a start a Date cannot hold', () => {
    expect(() => clockScript(Number.NaN)).toThrow(RangeError);
    expect(() => clockScript(MAX_TIME_MS + 1)).toThrow(RangeError);
    expect(() => clockScript(-MAX_TIME_MS - 1)).toThrow(RangeError);
    expect(() => clockScript(-MAX_TIME_MS)).not.toThrow();
  });
});

describe('clockScript, seen from the page', () => {
  it('gives Intl the clock when it formats no date, and one format function per formatter', () => {
    const { ms, run } = realm();
    run("globalThis.dtf = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', dateStyle: 'short', timeStyle: 'short' })");
    ms.now = 61_000;
    expect(run('dtf.format()')).toBe('01/01/2026, 09:01');
    expect(run('dtf.format(0)')).toBe('01/01/1970, 00:00');
    expect(run('dtf.formatToParts().find((p) => p.type === "minute").value')).toBe('01');
    expect(run('dtf.format === dtf.format')).toBe(true);
    expect(run('Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, "format").get.name')).toBe('get format');
  });

  it('looks like the native Date to code that lists or replaces its members', () => {
    const { run } = realm();
    expect(run('Object.keys(Date)')).toEqual([]);
    expect(run('Object.getOwnPropertyDescriptor(Date, "prototype").writable')).toBe(false);
  });
});
