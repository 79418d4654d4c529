import { describe, expect, it } from 'vitest';
import { isAllowed, networkPolicyFor } from '../../../src/browser/network.js';

describe('network policy', () => {
  const origin = 'http://127.0.0.1:4567';
  it('allows everything online', () => {
    expect(isAllowed('https://example.com/x', { offline: false, allowOrigins: [] })).toBe(true);
  });
  it('offline: only allowed origins and in-browser schemes', () => {
    const p = { offline: true, allowOrigins: [origin + '/m/1/'] };
    expect(isAllowed(origin + '/m/2/a.css', p)).toBe(true);
    expect(isAllowed('http://127.0.0.1:4568/x', p)).toBe(false);
    expect(isAllowed('http://example.invalid/x.png', p)).toBe(false);
    expect(isAllowed('data:text/plain,hi', p)).toBe(true);
    expect(isAllowed('blob:http://127.0.0.1:4567/uuid', p)).toBe(true);
  });
  it('local inputs are always offline; URLs only with --offline, keeping their own origin', () => {
    expect(networkPolicyFor({ kind: 'file' }, { offline: false, serverOrigin: origin })).toEqual({ offline: true, allowOrigins: [origin] });
    expect(networkPolicyFor({ kind: 'stdin' }, { offline: false, serverOrigin: origin }).offline).toBe(true);
    expect(networkPolicyFor({ kind: 'url', url: 'https://a.example/x' }, { offline: false }).offline).toBe(false);
    expect(networkPolicyFor({ kind: 'url', url: 'https://a.example/x' }, { offline: true, serverOrigin: origin })).toEqual({
      offline: true,
      allowOrigins: [origin, 'https://a.example'],
    });
  });
});
