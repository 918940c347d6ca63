import type { FastifyInstance } from 'fastify';
import { enrolInstalmentBuyers } from '../learning/index.js';
import { reconcileSubscriptions, remindRenewals } from '../subscriptions/index.js';
import { reconcilePayments } from './reconcile-payments.js';

export const RECONCILE_JOB = 'payments.reconcile';
const EVERY_MS = 5 * 60_000;

/**
 * A reconciliation pass (orders, then memberships) every 5 minutes (and one 10 s after start), as a job of the app's job engine:
 * in this process on the embedded start, once across the processes when scaled out. A pass still
 * running in this process when the next is due is not doubled.
 */
export async function startReconciliation(app: FastifyInstance): Promise<void> {
  let running = false;
  await app.deps.jobs.work(RECONCILE_JOB, async () => {
    if (running) return;
    running = true;
    try {
      await reconcilePayments(app.deps, app.log);
      await reconcileSubscriptions(app.deps, app.log);
      await enrolInstalmentBuyers(app.deps, { askGateway: true });
      // Members whose membership renews within 3 days get the reminder once per charge.
      await remindRenewals(app.deps);
    } catch (error) {
      app.log.error({ err: error }, 'payment reconciliation failed');
    } finally {
      running = false;
    }
  });
  await app.deps.jobs.every(RECONCILE_JOB, EVERY_MS, 10_000);
}
