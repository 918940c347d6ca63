import type { FastifyInstance } from 'fastify';
import { pruneLinkTokens } from './auth/link-tokens.js';
import { pruneLimits } from './auth/rate-limit.js';
import { RELEASE_DIGEST_JOB, sendReleaseDigests } from './modules/learning/index.js';
import { LIVE_REMINDERS_JOB, remindLiveSessions } from './modules/live-sessions/notify-audience.js';
import { startReconciliation } from './modules/orders/reconcile-timer.js';
import { startVideoWork } from './modules/video/index.js';

export const MAIL_PASS_JOB = 'mail.deliver';
const PRUNE_JOB = 'accounts.prune';

/**
 * The shop's background work (decision 0030): a process whose SHOP_ROLE includes `worker` handles the
 * mail passes (every 30 s and on each kick), payment reconciliation (every 5 minutes) and the pruning of
 * spent link tokens and rate-limit windows (hourly), live sessions' reminders (every 5 minutes), the daily digest of newly opened lessons (hourly, each learner once a day), the demo lessons' clips the first start's seed asks
 * for, and the lesson-video transcode queue (`AppDeps.videoQueue`); a `web` process only asks for them
 * (its uploads wait, queued, for a worker). Scaled out, a kick from any process becomes one job on
 * pg-boss. `app.ts`'s onClose hook stops all of it: the jobs, then the transcode queue.
 */
export async function runJobs(app: FastifyInstance): Promise<void> {
  const { jobs, mail, db, config } = app.deps;
  if (jobs.kind === 'pg-boss') mail.handPassesTo(() => jobs.enqueue(MAIL_PASS_JOB, {}, { singletonKey: 'pass' }));
  if (config.role !== 'web') {
    await jobs.work(MAIL_PASS_JOB, () => mail.deliverPending());
    await jobs.every(MAIL_PASS_JOB, 30_000);
    await startReconciliation(app);
    await jobs.work(PRUNE_JOB, async () => {
      await Promise.all([pruneLinkTokens(db), pruneLimits(db)]);
    });
    await jobs.every(PRUNE_JOB, 60 * 60_000);
    await jobs.work(LIVE_REMINDERS_JOB, async () => {
      await remindLiveSessions(app.deps);
    });
    await jobs.every(LIVE_REMINDERS_JOB, 5 * 60_000);
    await jobs.work(RELEASE_DIGEST_JOB, async () => {
      await sendReleaseDigests(app.deps);
    });
    await jobs.every(RELEASE_DIGEST_JOB, 60 * 60_000);
    await startVideoWork(app);
  }
  await jobs.start();
  mail.kick();
}

/**
 * SHOP_ROLE=worker: the process runs jobs and answers only /api/health and /api/ready (for the
 * supervisor); any other request is refused, so a balancer that lists it by mistake sees it fail its
 * checks on nothing but real traffic.
 */
export function restrictToRole(app: FastifyInstance): void {
  if (app.deps.config.role !== 'worker') return;
  app.addHook('onRequest', async (request, reply) => {
    if (request.url !== '/api/health' && request.url !== '/api/ready') {
      await reply.code(404).send({ ok: false, message: 'This process runs background jobs only.' });
    }
  });
}
