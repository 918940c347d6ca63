import type { FastifyInstance } from 'fastify';
import { flushLog } from './plugins/access-log.js';

/**
 * SIGTERM (systemd's stop, a deploy, the orchestrator) or SIGINT: stop accepting connections, let the
 * requests in flight and the background passes (onClose hooks: the mail pass, the job runner) finish,
 * then exit 0. Fastify answers a request arriving meanwhile on a kept-alive connection with 503 and
 * `Connection: close`, which a load balancer retries on another process. Work still running after
 * `graceMs` (SHUTDOWN_GRACE_MS) is abandoned and the process exits 1: what it left undone is either
 * retried by its client or picked up again from the database (the mail queue, the jobs).
 */
export function closeOnSignals(app: FastifyInstance, graceMs: number): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceMs }, 'shutting down: draining requests in flight');
    const deadline = setTimeout(() => {
      app.log.error({ graceMs }, 'shutdown: still busy when SHUTDOWN_GRACE_MS ran out; exiting anyway');
      flushLog();
      process.exit(1);
    }, graceMs);
    deadline.unref();
    // A kept-alive connection whose request has been answered would hold the close until its idle
    // timeout (72 s): each is closed as soon as it goes idle.
    const idle = setInterval(() => app.server.closeIdleConnections(), 50);
    idle.unref();
    app.close().then(
      () => {
        app.log.info('shut down cleanly');
        flushLog();
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        flushLog();
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
