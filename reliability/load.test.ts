import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DbHandle } from '../apps/server/src/db/database';
import { createSignedInUser } from '../apps/server/test/helpers';
import { openServerDatabase } from './support/databases';
import { createLearners, runLearners } from './support/learners';
import { auditLedger } from './support/ledger';
import { type ServerProcess, startServer } from './support/server-process';
import { settings } from './support/settings';
import { runRenewCli } from './support/subscribers';
import { auditSubscriptions } from './support/subscriptions-ledger';
import { recordTally } from './support/tally';

let server: ServerProcess;
let database: DbHandle;

beforeAll(async () => {
  server = await startServer();
  database = openServerDatabase(server.env);
});

afterAll(async () => {
  await database?.close();
  await server?.stop();
  server?.dispose();
});

test(`${settings.learners} learners shop for ${settings.loadSeconds} s on SQLite: no 5xx, every paid order enrolled once and charged once, a second payment refunded; memberships taken and renewed mid-run, each charge booked once`, async () => {
  const learners = await createLearners(database.db, settings.learners);
  // Halfway through, the operator's renewal run (its own process) charges every membership taken so far.
  const renewal = new Promise((resolve) => setTimeout(resolve, (settings.loadSeconds * 1000) / 2)).then(() =>
    runRenewCli(server.env),
  );
  const result = await runLearners({
    baseUrl: server.url,
    origin: server.origin,
    learners,
    deadline: { at: Date.now() + settings.loadSeconds * 1000 },
    newLearner: () => createSignedInUser(database.db),
    // Issue 12: some learners pay a superseded checkout too; the shop grants once and refunds the other.
    staleTabChance: 0.05,
    subscribeChance: 0.03,
  });
  const renewed = await renewal;
  const ledger = await auditLedger(database.db);
  const memberships = await auditSubscriptions(database.db);
  recordTally('load-sqlite', {
    requests: result.requests,
    purchases: result.purchases,
    seconds: Math.round(result.durationMs / 1000),
  });
  console.log(
    `[load-sqlite] ${(result.requests / (result.durationMs / 1000)).toFixed(0)} requests/s, ${(result.purchases / (result.durationMs / 1000)).toFixed(1)} purchases/s, statuses ${JSON.stringify(result.byStatus)}, slowest ${result.slowestMs} ms (${result.slowest}), coupon orders ${result.couponOrders}, refunded second payments ${result.refundedOrders.size}, new learners ${result.newLearners}, ledger ${JSON.stringify({ ...ledger, problems: ledger.problems.length })}`,
  );

  if (result.slowCount > 0)
    console.log(
      `[load-sqlite] ${result.slowCount} answers slower than 5 s; the slowest:\n${result.slowCalls.map((call) => call.what).join('\n')}`,
    );
  console.log(
    `[load-sqlite] memberships: ${result.subscribed.verified.size} verified, ${memberships.charges} charges booked of ${memberships.gatewayCharges} at the gateway; ${renewed}`,
  );
  if (ledger.problems.length > 0) console.log(ledger.problems.slice(0, 10).join('\n'));
  if (memberships.problems.length > 0) console.log(memberships.problems.slice(0, 10).join('\n'));
  expect(result.serverErrors.slice(0, 5)).toEqual([]);
  expect(result.connectionErrorSamples).toEqual([]);
  expect(result.unexpected.slice(0, 5)).toEqual([]);
  expect(server.errorLines().map((line) => line.slice(0, 400))).toEqual([]);
  expect(ledger.problems).toEqual([]);
  expect(memberships.problems).toEqual([]);
  expect(result.subscribed.verified.size).toBeGreaterThan(0);
  expect(memberships.gatewayCharges).toBeGreaterThan(0);
  expect(result.purchases).toBeGreaterThan(settings.learners);
  expect(ledger.paidOrders).toBe(result.verifiedOrders.size);
  expect(ledger.gatewayPaidOrders).toBe(result.purchases);
  expect(result.refundedOrders.size).toBeGreaterThan(0);
  expect(ledger.refundedOrders).toBe(result.refundedOrders.size);
});
