import type { SessionUser } from './session.js';

/** How long a resolved session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: SessionUser;
  /** The earlier of the cache's lifetime and the session's own expiry (ms since the epoch). */
  until: number;
}

/**
 * Sessions resolved in the last few seconds, by token hash: a signed-in page makes several API calls,
 * and each would otherwise look the same session up. Every revocation in this process (logout,
 * suspension, termination, a changed account) forgets all entries at once, so a revoked session stops
 * working on the next request; a change made by another process (a CLI command) is seen within
 * SESSION_CACHE_MS.
 */
export class SessionCache {
  private entries = new Map<string, Entry>();
  /** Bumped by every `forgetAll`; a lookup that began before one must not be cached after it. */
  private epoch = 0;

  begin(): number {
    return this.epoch;
  }

  get(tokenHash: string, now: Date): SessionUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now.getTime()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.user;
  }

  set(tokenHash: string, user: SessionUser, expiresAt: string, startedAt: number, now: Date): void {
    if (startedAt !== this.epoch) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    // An expiry that does not read as a time (NaN) would make the entry outlive every comparison: such a
    // session is not trusted from the cache at all.
    const expires = Date.parse(expiresAt);
    if (Number.isNaN(expires)) return;
    this.entries.set(tokenHash, { user, until: Math.min(now.getTime() + SESSION_CACHE_MS, expires) });
  }

  forgetAll(): void {
    this.epoch++;
    this.entries.clear();
  }
}

/** One per process: revocations reach it from wherever they happen. */
export const sessionCache = new SessionCache();
