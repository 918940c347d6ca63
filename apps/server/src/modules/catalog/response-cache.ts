import { createHash } from 'node:crypto';

interface Entry {
  body: string;
  etag: string;
  expiresAt: number;
}

/**
 * Serialized catalogue answers, kept until the catalogue changes. Writes in this process call
 * `invalidate()`; a short lifetime covers writes from another process (the CLI, a second server).
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 500,
  ) {}

  async get(key: string, load: () => Promise<unknown>, now = Date.now()): Promise<Entry> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit;
    const body = JSON.stringify(await load());
    const entry = {
      body,
      etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`,
      expiresAt: now + this.ttlMs,
    };
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, entry);
    return entry;
  }

  invalidate(): void {
    this.entries.clear();
  }
}
