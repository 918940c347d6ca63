import type { FastifyBaseLogger } from 'fastify';
import type { JobEngine, JobHandler, JobOptions } from './job-engine.js';
import { Periodic } from './periodic.js';

const DEFAULT_RETRIES = 3;
const FIRST_RETRY_MS = 1000;

/**
 * The embedded start's runner: the process's own timers, as before the job engine existed. Jobs live in
 * memory; what must survive a restart (mail, payments) is in the database and found again by the next
 * periodic pass.
 */
export class InProcessJobs implements JobEngine {
  readonly kind = 'in-process' as const;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly waiting = new Set<string>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;
  private readonly periodic = new Periodic((name) => void this.enqueue(name, {}, { singletonKey: 'every' }));

  constructor(private readonly log: FastifyBaseLogger) {}

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  async enqueue(name: string, data: Record<string, unknown> = {}, options: JobOptions = {}): Promise<void> {
    if (this.stopped) return;
    const key = options.singletonKey === undefined ? null : `${name}\u0000${options.singletonKey}`;
    if (key !== null) {
      if (this.waiting.has(key)) return;
      this.waiting.add(key);
    }
    const delay = options.startAfter ? Math.max(0, options.startAfter.getTime() - Date.now()) : 0;
    const run = () => {
      if (key !== null) this.waiting.delete(key);
      this.run(name, data, 0, options.retryLimit ?? DEFAULT_RETRIES);
    };
    // A job due now starts once the caller's synchronous work is done, as a timer's callback did before.
    if (delay === 0) queueMicrotask(run);
    else this.later(delay, run);
  }

  private run(name: string, data: Record<string, unknown>, attempt: number, retryLimit: number): void {
    const handler = this.handlers.get(name);
    if (this.stopped || !handler) return;
    const done = handler(data)
      .catch((error: unknown) => {
        // A job cut short by the shutdown (its database closing under it) is not a failure to report.
        if (this.stopped) {
          this.log.debug({ err: error, job: name }, 'job stopped by the shutdown');
          return;
        }
        if (attempt >= retryLimit) {
          this.log.error({ err: error, job: name }, 'job failed; no retries left');
          return;
        }
        this.log.warn({ err: error, job: name, attempt }, 'job failed; will retry');
        this.later(FIRST_RETRY_MS * 2 ** attempt, () => this.run(name, data, attempt + 1, retryLimit));
      })
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  async work(name: string, handler: JobHandler): Promise<void> {
    this.handlers.set(name, handler);
  }

  async every(name: string, everyMs: number, firstAfterMs = everyMs): Promise<void> {
    this.periodic.add(name, everyMs, firstAfterMs);
  }

  async start(): Promise<void> {
    this.periodic.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.periodic.stop();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
