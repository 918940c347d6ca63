/** What a caller may ask of a job. */
export interface JobOptions {
  /**
   * Jobs of one name and key are coalesced (a "kick" that many requests may send): one asked for while
   * another of them waits is not added. On pg-boss at most one starts per second, and one asked for in a
   * second that has one is put into the next.
   */
  singletonKey?: string;
  /** Not before this time. */
  startAfter?: Date;
  /** Retries after a failure (with exponential back-off); the queue's default otherwise. */
  retryLimit?: number;
}

export type JobHandler = (data: Record<string, unknown>) => Promise<unknown>;

/**
 * Background work behind one small interface (decision 0030): in-process timers on the embedded start,
 * pg-boss on PostgreSQL when the shop runs as several processes. A job is handled once; a handler that
 * throws is retried with back-off; a job whose process died is taken up by another after its lease.
 */
export interface JobEngine {
  readonly kind: 'in-process' | 'pg-boss';
  enqueue(name: string, data?: Record<string, unknown>, options?: JobOptions): Promise<void>;
  /** This process handles `name` from now on (a worker). */
  work(name: string, handler: JobHandler): Promise<void>;
  /** `name` runs every `everyMs` (once across all processes), the first time `firstAfterMs` after start. */
  every(name: string, everyMs: number, firstAfterMs?: number): Promise<void>;
  start(): Promise<void>;
  /** No job starts afterwards; the ones running are awaited. */
  stop(): Promise<void>;
}
