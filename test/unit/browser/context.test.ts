import { describe, expect, it } from 'vitest';
import { localeOf } from '../../../src/browser/context.js';

describe('localeOf (--header Accept-Language)', () => {
  it('takes the first language tag of the header, whatever the case of its name', () => {
    expect(localeOf({ 'Accept-Language': 'fr' })).toBe('fr');
    expect(localeOf({ 'accept-language': 'de-de, de;q=0.9, en;q=0.8' })).toBe('de-DE');
    expect(localeOf({ 'ACCEPT-LANGUAGE': 'pt-BR;q=1' })).toBe('pt-BR');
  });

  it('is undefined without the header, for a wildcard, or for what is not a language tag', () => {
    expect(localeOf(undefined)).toBeUndefined();
    expect(localeOf({ 'X-Team': 'blue' })).toBeUndefined();
    expect(localeOf({ 'Accept-Language': '*' })).toBeUndefined();
    expect(localeOf({ 'Accept-Language': 'not a tag!' })).toBeUndefined();
  });
});
