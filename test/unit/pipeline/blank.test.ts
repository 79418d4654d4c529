import { describe, expect, it } from 'vitest';
import { isBlank } from '../../../src/pipeline/page.js';

describe('isBlank (empty inputs)', () => {
  it('agrees with decoding and trimming', () => {
    const cases = ['', ' ', '\n\t\r\f\v ', '\uFEFF', '\uFEFF \n', '\u00A0\u2003', ' <p>x</p>', 'x', '\uFEFF<html>', '\u00A0é', '\n\n\u3000'];
    for (const c of cases) expect(isBlank(Buffer.from(c, 'utf8')), JSON.stringify(c)).toBe(c.trim() === '');
  });
});
