import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { InProcessJobs } from './in-process-jobs.js';
import type { JobEngine } from './job-engine.js';
import { PgBossJobs } from './pg-boss-jobs.js';

/** pg-boss when the shop runs as several processes on PostgreSQL; the process's own timers otherwise. */
export function createJobEngine(config: Config, log: FastifyBaseLogger): JobEngine {
  if (config.scaleOut && config.database.kind === 'postgres') {
    return new PgBossJobs({ connectionString: config.database.url, supervise: config.role !== 'web' }, log);
  }
  return new InProcessJobs(log);
}
