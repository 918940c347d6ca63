import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/use-test-app.js';
import { clearLimit, hitLimit } from './rate-limit.js';

const database = useTestDatabase();

const limit = { max: 3, windowMs: 60_000 };

describe('rate limits', () => {
  it('allow max hits per window, then refuse until the window ends', async () => {
    const start = new Date('2025-01-01T10:00:00.000Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitLimit(database.db, 'k1', limit, at(i * 1000)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterMs).toBe(57_000);
    expect((await hitLimit(database.db, 'k1', limit, at(60_000))).allowed).toBe(true);
  });

  it('count concurrent hits exactly', async () => {
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 10 }, () => hitLimit(database.db, 'k2', limit, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it('forget a key when cleared', async () => {
    for (let i = 0; i < 4; i++) await hitLimit(database.db, 'k3', limit);
    await clearLimit(database.db, 'k3');
    expect((await hitLimit(database.db, 'k3', limit)).allowed).toBe(true);
  });
});
