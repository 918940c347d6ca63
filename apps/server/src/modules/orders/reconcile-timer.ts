import type { FastifyInstance } from 'fastify';
import { reconcilePayments } from './reconcile-payments.js';

const EVERY_MS = 5 * 60_000;

/** While the server runs, a reconciliation pass every 5 minutes (and one shortly after start). */
export function startReconciliation(app: FastifyInstance): void {
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      await reconcilePayments(app.deps, app.log);
    } catch (error) {
      app.log.error({ err: error }, 'payment reconciliation failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(pass, 10_000);
  const timer = setInterval(pass, EVERY_MS);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
