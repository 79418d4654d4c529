import { describe, expect, it } from 'vitest';
import { isAllowed, isNavigationAllowed, networkPolicyFor } from '../../../src/browser/network.js';
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
  it('local inputs are always offline; URLs only with --offline, keeping their own origin, never the file server', () => {
    const serverOrigins = [origin];
    expect(networkPolicyFor({ kind: 'file' }, { offline: false, serverOrigins })).toEqual({ offline: true, allowOrigins: [origin] });
    expect(networkPolicyFor({ kind: 'stdin' }, { offline: false, serverOrigins }).offline).toBe(true);
    expect(networkPolicyFor({ kind: 'url', url: 'https://a.example/x' }, { offline: false, serverOrigins })).toEqual({
      offline: false,
      allowOrigins: [],
      denyOrigins: [origin],
    });
    expect(networkPolicyFor({ kind: 'url', url: 'https://a.example/x' }, { offline: true, serverOrigins })).toEqual({
      offline: true,
      allowOrigins: ['https://a.example'],
      denyOrigins: [origin],
    });
  });
  it('documents: a local page stays in its own mount; a URL input never loads one from the file server', () => {
    const local = { offline: true, allowOrigins: [origin, 'http://127.0.0.1:4568'] };
    const scope = '/m/AAAAAAAAAAAAAAAAAAAAAA/';
    expect(isNavigationAllowed(origin + scope + 'b.html', local, scope)).toBe(true);
    expect(isNavigationAllowed('http://127.0.0.1:4568' + scope + 'b.html', local, scope)).toBe(true);
    expect(isNavigationAllowed(origin + '/m/BBBBBBBBBBBBBBBBBBBBBB/secret.html', local, scope)).toBe(false);
    expect(isNavigationAllowed('http://localhost:4567' + scope, local, scope)).toBe(false);
    expect(isNavigationAllowed('file:///etc/passwd', local, scope)).toBe(false);
    expect(isNavigationAllowed('about:blank', local, scope)).toBe(true);
    const remote = networkPolicyFor({ kind: 'url', url: 'https://a.example/' }, { offline: false, serverOrigins: [origin] });
    expect(isNavigationAllowed('https://b.example/', remote, null)).toBe(true);
    expect(isNavigationAllowed(origin + scope + 'page.html', remote, null)).toBe(false);
    expect(isNavigationAllowed('https://127.0.0.1:4567' + scope + 'page.html', remote, null)).toBe(false);
  });
});

describe('loadableScope (where a lazy image of an offline page can load from)', () => {
  const origin = 'http://127.0.0.1:4567';
  it('a page served from a mount is confined to that mount, as the file server CSP confines it', () => {
    const id = 'AAAAAAAAAAAAAAAAAAAAAA';
    expect(loadableScope([origin], `${origin}/m/${id}/a/page.html`)).toEqual({ prefixes: [`${origin}/m/${id}/`] });
    expect(loadableScope([origin], `https://127.0.0.1:4567/d/${id}/stdin.html`)).toEqual({ prefixes: [`${origin}/d/${id}/`] });
  });
  it('any other page may load from the allowed origins only (the offline proxy refuses loopback too)', () => {
    expect(loadableScope([origin], 'http://localhost:3000/m/AAAAAAAAAAAAAAAAAAAAAA/page.html')).toEqual({ prefixes: [origin + '/'] });
    expect(loadableScope([origin], origin + '/static/x.html')).toEqual({ prefixes: [origin + '/'] });
    expect(loadableScope([], 'about:blank')).toEqual({ prefixes: [] });
  });
});
