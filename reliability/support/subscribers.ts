import { runCli } from '../../apps/server/test/run-cli';
import { type LearnerClient, NoAnswerError } from './http-client';

/** The demo membership (seed/seed-plans.ts): a seven-day trial, then ₹999 a month. */
export const DEMO_PLAN_ID = '64a1f0c2b7e4d1a2c3e5c001';

/** What the subscribing learners did, filled in while they run. */
export interface SubscribeResult {
  /** Our subscription ids whose verify answered 200: each must be live (authenticated) in our books. */
  verified: Set<string>;
  /** Subscribe calls refused with 409: the learner already holds one (a retry after a lost answer). */
  alreadyMember: number;
}

export const newSubscribeResult = (): SubscribeResult => ({ verified: new Set(), alreadyMember: 0 });

/**
 * A learner takes the demo membership as the web does: subscribe (with the education-only tick),
 * authorise the mandate in the sandbox widget, verify the widget's answer. A call the server did not
 * answer (killed) leaves the rest to reconciliation, as a closed browser would.
 */
export async function subscribeOnce(client: LearnerClient, result: SubscribeResult): Promise<void> {
  try {
    const made = await client.call(
      'POST',
      '/api/subscriptions',
      { planId: DEMO_PLAN_ID, disclaimerAccepted: true },
      [201, 409],
    );
    if (made.status === 409) {
      result.alreadyMember += 1;
      return;
    }
    const paid = await client.call('POST', '/api/sandbox/pay', {
      subscription_id: made.body.gatewaySubscriptionId,
      outcome: 'captured',
    });
    const verified = await client.call('POST', '/api/subscriptions/verify', {
      razorpay_payment_id: paid.body.razorpay_payment_id,
      razorpay_subscription_id: paid.body.razorpay_subscription_id,
      razorpay_signature: paid.body.razorpay_signature,
    });
    if (verified.status === 200) result.verified.add(made.body.subscriptionId);
  } catch (error) {
    if (!(error instanceof NoAnswerError)) throw error;
  }
}

/**
 * The operator's test-mode renewal run, `npm run cli -- sandbox:renew --days 8` (the demo trials are then
 * over), in a process of its own beside the running server, with the server's environment: it charges
 * every due subscription and hands the webhooks to the shop's own handler.
 */
export async function runRenewCli(env: NodeJS.ProcessEnv, days = 8): Promise<string> {
  const { status, output } = await runCli(['sandbox:renew', '--days', String(days)], {
    ...env,
    NODE_ENV: 'production',
  });
  if (status !== 0 || !/Renewal run: \d+ charged/.test(output))
    throw new Error(`sandbox:renew failed (${status}):\n${output}`);
  return output.trim();
}
