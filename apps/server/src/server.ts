import { buildApp } from './app.js';
import { checkSecretFingerprint } from './auth/check-secret-fingerprint.js';
import { ConfigError, loadConfig } from './config.js';
import { warmCertificateRenderer } from './modules/certificates/render-certificate-pdf.js';
import { testModeWarning } from './payments/create-gateway.js';
import { flushLog } from './plugins/access-log.js';
import { restrictToRole, runJobs } from './run-jobs.js';
import { seedIfEmpty } from './seed/seed.js';
import { closeOnSignals } from './shutdown.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const testMode = testModeWarning(config);
  // Straight to stderr, not through the logger: whatever LOG_LEVEL says, the operator must see this.
  if (testMode) process.stderr.write(`${testMode}\n`);
  // The app opens the database and closes it last, after its jobs, mail pass and modules have stopped.
  const app = await buildApp({ config });
  const { db } = app.deps;
  await checkSecretFingerprint(db, config);
  // SHOP_ROLE: a worker answers health checks only; web and both serve the shop; worker and both run the jobs.
  restrictToRole(app);
  await runJobs(app);
  const seeded = await seedIfEmpty(db, app.deps.storage, config.demoClips ? app.deps.jobs : undefined);
  if (seeded > 0) app.log.info({ courses: seeded }, 'seeded the demo catalogue into an empty database');

  closeOnSignals(app, config.shutdownGraceMs);
  // Fastify's own line names the bound address (127.0.0.1); the one line printed is the address to open.
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: () => `shop ready at ${config.publicUrl}`,
  });
  flushLog();
  // Off every request's path: a learner's first certificate download then costs what the later ones do.
  setImmediate(() => {
    warmCertificateRenderer().catch((error: unknown) => app.log.warn({ err: error }, 'certificate warm-up failed'));
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exit(1);
});
