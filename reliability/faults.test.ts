import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import type { Db } from '../apps/server/src/db/database';
import { RECONCILE_AFTER_MINUTES } from '../apps/server/src/modules/orders/reconcile-payments';
import { createSignedInUser } from '../apps/server/test/helpers';
import { createPostgresDatabase, type DatabaseKind, openServerDatabase } from './support/databases';
import { createLearners, newLoadResult, runLearners } from './support/learners';
import { auditLedger } from './support/ledger';
import { runReconcileCli } from './support/reconcile-cli';
import { startServer } from './support/server-process';
import { settings } from './support/settings';
import { runRenewCli } from './support/subscribers';
import { auditSubscriptions } from './support/subscriptions-ledger';
import { recordTally } from './support/tally';

const PURCHASES_BETWEEN_KILLS = 10;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Random moments within the run, at least 3 s apart, none in the first fifth or the last tenth. */
function killMoments(durationMs: number, count: number): number[] {
  const slot = (durationMs * 0.7) / count;
  return Array.from(
    { length: count },
    (_, i) => durationMs * 0.2 + slot * i + Math.random() * Math.max(0, slot - 3000),
  );
}

async function orderIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('orders').select('id').execute()).map((row) => row.id);
}

async function missingOrders(db: Db, ids: Iterable<string>): Promise<string[]> {
  const present = new Set(await orderIds(db));
  return [...ids].filter((id) => !present.has(id));
}

const kinds: DatabaseKind[] = ['sqlite', 'postgres'];

describe.each(kinds)('on %s', (kind) => {
  test.skipIf(kind === 'postgres' && !process.env.TEST_DATABASE_URL)(
    `SIGKILL ${settings.kills} times under load, restart, reconcile: nothing paid is left unenrolled, nothing is lost`,
    async () => {
      const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
      const server = await startServer(postgres ? { DATABASE_URL: postgres.url } : {});
      const database = openServerDatabase(server.env);
      try {
        const learners = await createLearners(database.db, settings.learners);
        const durationMs = settings.faultSeconds * 1000;
        const started = Date.now();
        // Bounded whatever happens: the learners stop at this deadline at the latest.
        const deadline = { at: started + durationMs + 60_000 };
        const live = newLoadResult();
        const load = runLearners(
          {
            baseUrl: server.url,
            origin: server.origin,
            learners,
            deadline,
            abandonAfterPayChance: 0.05,
            // Second payments refunded as unfulfillable: credit notes are issued while the kills land too.
            staleTabChance: 0.05,
            // Issue 34: some take the membership, their subscribe and verify cut by the kills too.
            subscribeChance: 0.05,
            newLearner: () => createSignedInUser(database.db),
          },
          live,
        );
        // The renewal run (its own process) charges the memberships while the kills land.
        let renewal: Promise<string> | undefined;
        // Each kill lands on a shop that is taking payments: at least this many since the last restart.
        const progress = async (since: number) => {
          while (live.purchases < since + PURCHASES_BETWEEN_KILLS && Date.now() < deadline.at) await pause(200);
        };

        const lost: string[] = [];
        let kills = 0;
        let purchasesAtRestart = 0;
        const downtimes: number[] = [];
        for (const moment of killMoments(durationMs, settings.kills)) {
          await pause(Math.max(0, started + moment - Date.now()));
          await progress(purchasesAtRestart);
          const before = await orderIds(database.db);
          await server.kill();
          kills += 1;
          const down = Date.now();
          await pause(200 + Math.random() * 800);
          await server.start();
          downtimes.push(Date.now() - down);
          purchasesAtRestart = live.purchases;
          lost.push(...(await missingOrders(database.db, before)));
          renewal ??= runRenewCli(server.env);
        }
        await pause(Math.max(0, started + durationMs - Date.now()));
        await progress(purchasesAtRestart);
        deadline.at = Math.min(deadline.at, Date.now());
        const result = await load;
        const renewed = await renewal;
        await server.stop();

        // What a lost browser call left open is reconciled once it is 15 minutes old: age it, then run the CLI.
        // A superseded (expired) order paid in an old tab whose verify the kill cut off is open too.
        const aged = new Date(Date.now() - (RECONCILE_AFTER_MINUTES + 5) * 60_000).toISOString();
        const pending = await database.db
          .updateTable('orders')
          .set({ created_at: aged })
          .where('status', 'in', ['created', 'attempted', 'expired'])
          .executeTakeFirst();
        // A membership whose verify the kill cut off is asked about once its checkout is 15 minutes old.
        await database.db
          .updateTable('subscriptions')
          .set({ created_at: aged, updated_at: aged })
          .where('status', '=', 'created')
          .execute();
        const reconciled = runReconcileCli(server.env);
        const ledger = await auditLedger(database.db);
        const memberships = await auditSubscriptions(database.db);
        const unverifiedMembers = await database.db
          .selectFrom('subscriptions')
          .select(['id', 'status'])
          .where('status', '=', 'created')
          .where('id', 'in', [...result.subscribed.verified, ''])
          .execute();
        const unpaidVerified = await database.db
          .selectFrom('orders')
          .select(['id', 'status'])
          .where('status', '!=', 'paid')
          .where('id', 'in', [...result.verifiedOrders, ''])
          .execute();
        lost.push(...(await missingOrders(database.db, result.acknowledgedOrders)));
        const integrity =
          kind === 'sqlite'
            ? (await sql<{ integrity_check: string }>`pragma integrity_check`.execute(database.db)).rows
            : [];

        recordTally(`faults-${kind}`, {
          requests: result.requests,
          purchases: result.purchases,
          kills,
          orders: ledger.orders,
          invoices: ledger.invoices,
          creditNotes: ledger.creditNotes,
          reconciled: reconciled.fulfilled,
          seconds: Math.round(result.durationMs / 1000),
        });
        console.log(
          `[faults-${kind}] statuses ${JSON.stringify(result.byStatus)}, no answer ${result.connectionErrors}, restart downtime ms ${downtimes.join('/')}, new learners ${result.newLearners}, abandoned after paying ${result.abandonedPaidOrders.size}, pending aged ${Number(pending.numUpdatedRows)}, reconcile: ${reconciled.output.trim()}, ledger ${JSON.stringify({ ...ledger, problems: ledger.problems.length })}`,
        );

        if (process.env.RELIABILITY_DEBUG) {
          console.log(ledger.problems.slice(0, 20).join('\n'));
          console.log(memberships.problems.slice(0, 20).join('\n'));
          console.log(server.errorLines().join('\n'));
        }
        expect(kills).toBe(settings.kills);
        expect(result.serverErrors.slice(0, 5)).toEqual([]);
        expect(result.unexpected.slice(0, 5)).toEqual([]);
        expect(server.errorLines().map((line) => line.slice(0, 400))).toEqual([]);
        expect(lost).toEqual([]);
        expect(unpaidVerified).toEqual([]);
        expect(ledger.problems).toEqual([]);
        console.log(
          `[faults-${kind}] memberships: ${result.subscribed.verified.size} verified, ${memberships.charges} charges booked of ${memberships.gatewayCharges} at the gateway; ${renewed}`,
        );
        expect(memberships.problems).toEqual([]);
        expect(unverifiedMembers).toEqual([]);
        expect(result.subscribed.verified.size).toBeGreaterThan(0);
        // The audit's invoice rules had something to check.
        expect(ledger.invoices).toBeGreaterThan(0);
        expect(reconciled.fulfilled).toBeGreaterThanOrEqual(result.abandonedPaidOrders.size);
        // The restarted server went on selling.
        expect(result.purchases).toBeGreaterThanOrEqual(purchasesAtRestart + PURCHASES_BETWEEN_KILLS);
        if (kind === 'sqlite') expect(integrity).toEqual([{ integrity_check: 'ok' }]);
      } finally {
        await database.close();
        await server.stop();
        server.dispose();
        await postgres?.drop();
      }
    },
  );
});
