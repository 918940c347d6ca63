import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export interface Limit {
  /** How many hits the window allows. */
  max: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Time until the window ends (and the key may be used again). */
  retryAfterMs: number;
}

/**
 * Counts one hit for `key` in a fixed window that starts with the first hit, in one atomic upsert
 * (so concurrent requests cannot slip past the count), and says whether it is still within the limit.
 */
export async function hitLimit(db: Db, key: string, limit: Limit, now = new Date()): Promise<LimitResult> {
  const nowIso = now.toISOString();
  const endsIso = new Date(now.getTime() + limit.windowMs).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, window_ends_at: endsIso })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_ends_at <= ${nowIso} then 1 else rate_limits.count + 1 end`,
        window_ends_at: sql<string>`case when rate_limits.window_ends_at <= ${nowIso} then ${endsIso} else rate_limits.window_ends_at end`,
      }),
    )
    .returning(['count', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return {
    allowed: Number(row.count) <= limit.max,
    count: Number(row.count),
    retryAfterMs: Math.max(0, Date.parse(row.window_ends_at) - now.getTime()),
  };
}

/** The hits of `key` in its current window, without counting one (0 when the window has ended). */
export async function readLimit(
  db: Db,
  key: string,
  now = new Date(),
): Promise<{ count: number; retryAfterMs: number }> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'window_ends_at'])
    .where('key', '=', key)
    .where('window_ends_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row) return { count: 0, retryAfterMs: 0 };
  return { count: Number(row.count), retryAfterMs: Math.max(0, Date.parse(row.window_ends_at) - now.getTime()) };
}

/** Makes `key` a closed door until `until` (a delay that is not a count), replacing any earlier one. */
export async function holdLimit(db: Db, key: string, until: Date): Promise<void> {
  await db
    .insertInto('rate_limits')
    .values({ key, count: 1, window_ends_at: until.toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ count: 1, window_ends_at: until.toISOString() }))
    .execute();
}

/** Forgets the hits of a key (a successful sign-in clears its failures). */
export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

export async function pruneLimits(db: Db, now = new Date()): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_ends_at', '<=', now.toISOString()).execute();
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's counters in the rate_limits table instead of the process's memory, for a
 * scaled-out shop: every process counts the same hits. One store per route (the plugin's `child`), its
 * keys prefixed by the route so that two routes' limits stay apart.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    // The plugin constructs the root store with its options; routes get theirs through `child`.
    constructor(
      _options?: unknown,
      readonly prefix = 'route:',
    ) {}

    incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
      hitLimit(db, `${this.prefix}${key}`, { max, windowMs: timeWindow }).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.retryAfterMs }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: StoreCallback): void {
      readLimit(db, `${this.prefix}${key}`).then(
        (state) => callback(null, { current: state.count, ttl: state.retryAfterMs }),
        (error: Error) => callback(error),
      );
    }

    // The plugin hands over the route's merged limit options, its route under `routeInfo`.
    child(options: { url?: string; routeInfo?: { method?: unknown; url?: string } }): DatabaseRateLimitStore {
      const route = options.routeInfo ?? {};
      return new DatabaseRateLimitStore(undefined, `route:${String(route.method)}${route.url}:`);
    }
  };
}
