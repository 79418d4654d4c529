import { describe, expect, it } from 'vitest';
import { addAt, at, last, own } from '../../../src/util/at.js';

describe('checked indexed access', () => {
  it('at and last read elements in range, 0 and null included', () => {
    expect(at([0, 1, 2], 0)).toBe(0);
    expect(at([null, 'x'], 0)).toBeNull();
    expect(at(Int32Array.of(5, 6), 1)).toBe(6);
    expect(at('abc', 2)).toBe('c');
    expect(last([1, 2, 3])).toBe(3);
  });

  it('throw a RangeError naming the index for one out of range, never undefined', () => {
    expect(() => at([1, 2], 2)).toThrow(new RangeError('index 2 out of range 0..1'));
    expect(() => at([1, 2], -1)).toThrow(RangeError);
    expect(() => at(new Float64Array(0), 0)).toThrow('index 0 out of range 0..-1');
    expect(() => last([])).toThrow(RangeError);
    expect(() => at([1, 2], 0.5)).toThrow(RangeError);
  });

  it('addAt adds in place, typed arrays keeping their element type', () => {
    const a = new Int32Array(2);
    addAt(a, 1, 2.7);
    addAt(a, 1, 1);
    expect([...a]).toEqual([0, 3]);
    expect(() => addAt(a, 2, 1)).toThrow(RangeError);
  });

  it('own reads a record\'s own keys only, never Object.prototype', () => {
    const r: Record<string, number> = { a: 1 };
    expect(own(r, 'a')).toBe(1);
    expect(own(r, 'b')).toBeUndefined();
    expect(own(r, 'constructor')).toBeUndefined();
    expect(own(r, '__proto__')).toBeUndefined();
    expect(own(r, 'toString')).toBeUndefined();
  });
});
