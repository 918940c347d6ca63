import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CachedAnswer {
  body: string;
  etag: string;
  expiresAt: number;
  /** Compressed once per cached answer, not once per request. */
  encoded: { br?: Buffer; gzip?: Buffer; identity?: Buffer };
}

/** The best encoding the client accepts, compressed on first use and kept with the answer. */
export function encodedBody(
  entry: Pick<CachedAnswer, 'body' | 'encoded'>,
  acceptEncoding: string | undefined,
): { encoding: 'br' | 'gzip'; body: Buffer } | null {
  if (entry.body.length < 1024 || !acceptEncoding) return null;
  if (/\bbr\b/.test(acceptEncoding)) {
    entry.encoded.br ??= zlib.brotliCompressSync(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
    return { encoding: 'br', body: entry.encoded.br };
  }
  if (/\bgzip\b/.test(acceptEncoding)) {
    entry.encoded.gzip ??= zlib.gzipSync(entry.body, { level: 9 });
    return { encoding: 'gzip', body: entry.encoded.gzip };
  }
  return null;
}

/**
 * Sends a cached, already-serialized answer, or 304 when the browser holds the same version. It
 * compresses by itself, so its routes pass `selfCompressed` and skip @fastify/compress's two hooks.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer) {
  reply.header('etag', entry.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const encoded = encodedBody(entry, request.headers['accept-encoding']);
  // As bytes, encoded once: a string would be measured and encoded to UTF-8 again on every send.
  if (!encoded) {
    entry.encoded.identity ??= Buffer.from(entry.body);
    return reply.send(entry.encoded.identity);
  }
  return reply.header('content-encoding', encoded.encoding).send(encoded.body);
}

/** Route options for a route that answers with `sendCached`. */
export const selfCompressed = { compress: false } as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route sends prepared bytes (`sendCached`), so its response schema does not run when it
     * answers; prebuilt-answers.test.ts requests every such route and holds its bytes to that schema.
     */
    prebuilt?: boolean;
  }
}

/**
 * Serialized catalogue answers, kept until the catalogue changes. Writes in this process call
 * `invalidate()`; a short lifetime covers writes from another process (the CLI, a second server).
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  /** Unserialized values other reads derive from the catalogue (the player's course structure), cleared with it. */
  private readonly values = new Map<string, { value: Promise<unknown>; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 500,
  ) {}

  async get(key: string, load: () => Promise<unknown>, now = Date.now()): Promise<CachedAnswer> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit;
    const body = JSON.stringify(await load());
    const entry = {
      body,
      etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`,
      expiresAt: now + this.ttlMs,
      encoded: {},
    };
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, entry);
    return entry;
  }

  /** The value kept under `key`, loaded once until the catalogue changes or the lifetime ends. */
  memo<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = this.values.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    const value = load();
    if (this.values.size >= this.maxEntries) this.values.clear();
    this.values.set(key, { value, expiresAt: now + this.ttlMs });
    // A failed load is not kept: the next call tries again.
    value.catch(() => {
      if (this.values.get(key)?.value === value) this.values.delete(key);
    });
    return value;
  }

  /** The value `memo` keeps under `key`, if it is kept and alive; never loads. */
  peek<T>(key: string, now = Date.now()): Promise<T> | undefined {
    const hit = this.values.get(key);
    return hit && hit.expiresAt > now ? (hit.value as Promise<T>) : undefined;
  }

  invalidate(): void {
    this.entries.clear();
    this.values.clear();
  }
}
