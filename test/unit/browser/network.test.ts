import { describe, expect, it } from 'vitest';
import { isAllowed, networkPolicyFor } from '../../../src/browser/network.js';
import { loadableScope } from '../../../src/browser/load.js';

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

describe('loadableScope (where a lazy image of an offline page can load from)', () => {
  const origin = 'http://127.0.0.1:4567';
  it('a page served from a mount is confined to that mount, as the file server CSP confines it', () => {
    expect(loadableScope([origin], origin + '/m/3/a/page.html')).toEqual({ prefixes: [origin + '/m/3/'], loopback: false });
    expect(loadableScope([origin], 'https://127.0.0.1:4567/d/1/stdin.html')).toEqual({ prefixes: [origin + '/d/1/'], loopback: false });
  });
  it('any other page may load from the allowed origins and loopback', () => {
    expect(loadableScope([origin], 'http://localhost:3000/m/3/page.html')).toEqual({ prefixes: [origin + '/'], loopback: true });
    expect(loadableScope([origin], origin + '/static/x.html')).toEqual({ prefixes: [origin + '/'], loopback: true });
    expect(loadableScope([], 'about:blank')).toEqual({ prefixes: [], loopback: true });
  });
});
