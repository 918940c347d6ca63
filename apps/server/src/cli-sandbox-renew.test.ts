import path from 'node:path';
import { expect, it } from 'vitest';
import { useSandboxShop } from '../test/membership-kit.js';
import { runCli } from '../test/run-cli.js';
import { DEMO_PLAN_ID } from './seed/seed-plans.js';

// `npm run cli -- sandbox:renew [--fail]`, run as a process of its own, as a newcomer would run it to
// watch a renewal: the demo membership's trial is over, the run charges it (or fails the charge), and
// the webhooks reach the shop's own handler, so the membership's state and charges follow.

const { t, learner, subscribed, paidInWidget } = useSandboxShop();

/** A new learner subscribes to the demo plan and authorises in the sandbox's widget (its webhooks settled): in the trial. */
async function trialMember() {
  const user = await learner();
  const made = await subscribed(user, DEMO_PLAN_ID);
  await paidInWidget(user, made.gatewaySubscriptionId);
  return made;
}

/** The membership's status in our books. */
const statusOf = (subscriptionId: string) =>
  t.database.db.selectFrom('subscriptions').select('status').where('id', '=', subscriptionId).executeTakeFirstOrThrow();

function runRenewCli(args: string[]) {
  const database = t.database.config;
  return runCli(args, {
    ...(database.kind === 'postgres'
      ? { DATABASE_URL: database.url, DATA_DIR: t.config.dataDir }
      : { DATABASE_URL: '', DATA_DIR: path.dirname(database.file) }),
  });
}

it('sandbox:renew charges a due membership and delivers its webhooks; --fail leaves it pending', async () => {
  const { subscriptionId, gatewaySubscriptionId } = await trialMember();
  const ours = () => statusOf(subscriptionId);
  const charges = async () =>
    (
      await t.database.db
        .selectFrom('subscription_charges')
        .select('id')
        .where('subscription_id', '=', subscriptionId)
        .execute()
    ).length;
  expect(await ours()).toEqual({ status: 'authenticated' });
  // The seven free days are over.
  const due = () =>
    t.database.db
      .updateTable('sandbox_subscriptions')
      .set({ charge_at: Math.floor(Date.now() / 1000) - 60 })
      .where('id', '=', gatewaySubscriptionId)
      .execute();
  await due();

  const run = await runRenewCli(['sandbox:renew']);
  expect(run.output).toContain('Renewal run: 1 charged, 0 failed (pending), 0 halted');
  expect(run.status).toBe(0);
  expect(await ours()).toEqual({ status: 'active' });
  expect(await charges()).toBe(1);

  await due();
  const failing = await runRenewCli(['sandbox:renew', '--fail']);
  expect(failing.output).toContain('Renewal run: 0 charged, 1 failed (pending)');
  expect(await ours()).toEqual({ status: 'pending' });
  expect(await charges()).toBe(1);
}, 60_000);

it('sandbox:renew --days N charges what falls due within N days, so a newcomer need not wait for a trial to end', async () => {
  const { subscriptionId } = await trialMember();
  const status = () => statusOf(subscriptionId);

  // The demo plan's trial is seven days: six days on nothing is due yet, eight days on it is charged.
  // (The first test's membership, pending, is charged again by each run: only this one's state is checked.)
  expect((await runRenewCli(['sandbox:renew', '--days', '6'])).status).toBe(0);
  expect(await status()).toEqual({ status: 'authenticated' });
  const run = await runRenewCli(['sandbox:renew', '--days', '8']);
  expect(run.status).toBe(0);
  expect(await status()).toEqual({ status: 'active' });

  const refused = await runRenewCli(['sandbox:renew', '--days', 'soon']);
  expect(refused.status).not.toBe(0);
  expect(refused.output).toContain('--days takes a whole number of days from 0 to 400.');
}, 60_000);
