import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { JobEngine, JobHandler, JobOptions } from './job-engine.js';
import { Periodic } from './periodic.js';

export interface PgBossSettings {
  connectionString: string;
  /** Whether this process runs pg-boss's upkeep (expiring the jobs of dead processes, archiving): workers do. */
  supervise: boolean;
  /** A running job not finished within this time is taken as lost (its process died) and retried. */
  leaseSeconds?: number;
  /** How often the upkeep runs (once across all processes). */
  maintenanceSeconds?: number;
  /** How often an idle worker asks for jobs. */
  pollSeconds?: number;
}

const DEFAULT_RETRIES = 5;
const BATCH = 10;
/** PostgreSQL's code for a transaction aborted to break a deadlock. */
const DEADLOCK = '40P01';
const QUEUE_ATTEMPTS = 8;

/**
 * Jobs in PostgreSQL through pg-boss (decision 0030): a job is fetched by one process only
 * (SELECT ... FOR UPDATE SKIP LOCKED), retried with exponential back-off when its handler throws, and
 * retried elsewhere when the process running it dies (its lease expires).
 */
export class PgBossJobs implements JobEngine {
  readonly kind = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly periodic = new Periodic((name, everyMs) => this.askForPeriodic(name, everyMs));
  /** Handlers given before start: pg-boss talks to the database only once started (before, it drops every query). */
  private readonly workers: { name: string; handler: JobHandler }[] = [];
  private readonly leaseSeconds: number;
  private readonly pollSeconds: number;
  private started = false;
  private stopped = false;

  constructor(
    settings: PgBossSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.leaseSeconds = settings.leaseSeconds ?? 120;
    this.pollSeconds = settings.pollSeconds ?? 1;
    this.boss = new PgBoss({
      connectionString: settings.connectionString,
      schema: 'pgboss',
      max: 4,
      application_name: 'shop-jobs',
      supervise: settings.supervise,
      schedule: false,
      maintenanceIntervalSeconds: settings.maintenanceSeconds ?? 30,
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job engine error'));
  }

  /** Every queue is created once (pg-boss 10 wants it before sending or working); creating it again is a no-op. */
  private queue(name: string): Promise<void> {
    let created = this.queues.get(name);
    if (!created) {
      created = this.createQueue(name);
      created.catch(() => this.queues.delete(name));
      this.queues.set(name, created);
    }
    return created;
  }

  /**
   * pg-boss 10 creates a queue's partition outside its advisory lock, so two processes creating two
   * different queues at the same moment can deadlock on the job table (PostgreSQL aborts one of them,
   * code 40P01; seen in CI). The aborted side changed nothing, so it tries again after a short wait.
   */
  private async createQueue(name: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.createQueue(name, {
          name,
          retryLimit: DEFAULT_RETRIES,
          retryDelay: 1,
          retryBackoff: true,
          expireInSeconds: this.leaseSeconds,
        });
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== DEADLOCK || attempt >= QUEUE_ATTEMPTS) throw error;
        this.log.warn({ job: name, attempt }, 'queue creation met another process creating one; trying again');
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
    }
  }

  async enqueue(name: string, data: Record<string, unknown> = {}, options: JobOptions = {}): Promise<void> {
    if (!this.started) throw new Error(`job ${name} asked for before the job engine started`);
    await this.queue(name);
    await this.boss.send(name, data, {
      ...(options.singletonKey === undefined
        ? {}
        : { singletonKey: options.singletonKey, singletonSeconds: 1, singletonNextSlot: true }),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.retryLimit === undefined ? {} : { retryLimit: options.retryLimit }),
    });
  }

  async work(name: string, handler: JobHandler): Promise<void> {
    this.workers.push({ name, handler });
    if (this.started) await this.register(name, handler);
  }

  private async register(name: string, handler: JobHandler): Promise<void> {
    await this.queue(name);
    // A poll takes up to BATCH jobs (pg-boss waits a polling interval between polls); each is completed or
    // failed (and so retried) on its own.
    await this.boss.work<Record<string, unknown>>(
      name,
      { batchSize: BATCH, pollingIntervalSeconds: this.pollSeconds },
      async (jobs) => {
        for (const job of jobs) {
          if (this.stopped) throw new Error('stopping: the jobs not started go back to the queue');
          try {
            await handler(job.data ?? {});
            await this.boss.complete(name, job.id);
          } catch (error) {
            this.log.warn({ err: error, job: name }, 'job failed; pg-boss retries it');
            await this.boss.fail(name, job.id, { message: String((error as Error).message ?? error) });
          }
        }
      },
    );
  }

  async every(name: string, everyMs: number, firstAfterMs = everyMs): Promise<void> {
    this.periodic.add(name, everyMs, firstAfterMs);
  }

  /**
   * Every worker asks for the periodic job; pg-boss keeps one per period (singletonSeconds), so the job
   * runs once across the processes and still runs while any one of them lives.
   */
  private askForPeriodic(name: string, everyMs: number): void {
    if (this.stopped) return;
    const singletonSeconds = Math.max(1, Math.round(everyMs / 1000));
    this.queue(name)
      .then(() => this.boss.send(name, {}, { singletonKey: 'every', singletonSeconds }))
      .catch((error: unknown) => this.log.warn({ err: error, job: name }, 'periodic job not queued'));
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
    for (const { name, handler } of this.workers) await this.register(name, handler);
    this.periodic.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.periodic.stop();
    if (this.started) await this.boss.stop({ graceful: true, timeout: 10_000, wait: true });
  }
}
