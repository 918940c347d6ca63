import { describe, expect, it } from 'vitest';
import { ResponseCache } from './cached-answer.js';

describe('ResponseCache.memo', () => {
  it('loads a value once, shares it with calls made meanwhile, and loads again after invalidate() or its lifetime', async () => {
    const cache = new ResponseCache(1_000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { n: loads };
    };
    const [a, b] = await Promise.all([cache.memo('k', load, 0), cache.memo('k', load, 0)]);
    expect(a).toEqual({ n: 1 });
    expect(b).toBe(a);
    expect(await cache.memo('k', load, 999)).toBe(a);
    cache.invalidate();
    expect(await cache.memo('k', load, 999)).toEqual({ n: 2 });
    expect(await cache.memo('k', load, 999 + 1_000)).toEqual({ n: 3 });
  });

  it('keeps no failed load: the next call tries again', async () => {
    const cache = new ResponseCache();
    await expect(cache.memo('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.memo('k', async () => 'up')).toBe('up');
  });
});
