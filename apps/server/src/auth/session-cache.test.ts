import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS, SessionCache } from './session-cache.js';

const user = { id: 'u1', username: 'learner', email: 'l@example.com', role: 'learner' as const, sessionId: 's1' };
const far = new Date(Date.now() + 86_400_000).toISOString();

describe('SessionCache', () => {
  it('answers a session resolved a moment ago, for SESSION_CACHE_MS only', () => {
    const cache = new SessionCache();
    const now = new Date();
    cache.set('hash', user, far, cache.begin(), now);
    expect(cache.get('hash', now)).toEqual(user);
    expect(cache.get('hash', new Date(now.getTime() + SESSION_CACHE_MS - 1))).toEqual(user);
    expect(cache.get('hash', new Date(now.getTime() + SESSION_CACHE_MS))).toBeUndefined();
    expect(cache.get('other', now)).toBeUndefined();
  });

  it('never answers past the session’s own expiry', () => {
    const cache = new SessionCache();
    const now = new Date();
    cache.set('hash', user, new Date(now.getTime() + 1000).toISOString(), cache.begin(), now);
    expect(cache.get('hash', new Date(now.getTime() + 1000))).toBeUndefined();
  });

  it('does not keep a session whose expiry cannot be read', () => {
    const cache = new SessionCache();
    const now = new Date();
    cache.set('hash', user, 'not a time', cache.begin(), now);
    expect(cache.get('hash', now)).toBeUndefined();
  });

  it('forgets everything on a revocation, and ignores a lookup that began before it', () => {
    const cache = new SessionCache();
    const now = new Date();
    cache.set('hash', user, far, cache.begin(), now);
    const started = cache.begin();
    cache.forgetAll();
    expect(cache.get('hash', now)).toBeUndefined();
    cache.set('late', user, far, started, now);
    expect(cache.get('late', now)).toBeUndefined();
  });
});
