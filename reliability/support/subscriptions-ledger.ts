import type { Db } from '../../apps/server/src/db/database';

export interface SubscriptionLedger {
  subscriptions: number;
  /** Charges the sandbox gateway captured on subscriptions (renewals, trials' ends), refunded since or not. */
  gatewayCharges: number;
  /** Charges in our books (`subscription_charges`). */
  charges: number;
  problems: string[];
}

/**
 * Memberships after a run (issue 34), read from the database the shop and its sandbox gateway share:
 * every charge the gateway captured on a subscription is in our books exactly once, for that
 * subscription and amount; our books hold no charge the gateway did not make; and each subscription's
 * state in our books is the gateway's (access follows it). A trial's ₹5 authorisation is no charge.
 */
export async function auditSubscriptions(db: Db): Promise<SubscriptionLedger> {
  const ours = await db
    .selectFrom('subscriptions')
    .select(['id', 'gateway_subscription_id', 'status', 'paid_count'])
    .execute();
  const gateway = await db.selectFrom('sandbox_subscriptions').select(['id', 'status', 'paid_count']).execute();
  const gatewayCharges = (
    await db
      .selectFrom('sandbox_payments')
      .innerJoin('sandbox_orders', 'sandbox_orders.id', 'sandbox_payments.order_id')
      .innerJoin('sandbox_subscriptions', 'sandbox_subscriptions.id', 'sandbox_orders.receipt')
      .select(['sandbox_payments.id', 'sandbox_payments.amount', 'sandbox_orders.receipt', 'sandbox_orders.notes'])
      .where('sandbox_payments.status', 'in', ['captured', 'refunded'])
      .execute()
  ).filter((row) => (JSON.parse(row.notes ?? '{}') as { authorisation?: boolean }).authorisation !== true);
  const charges = await db
    .selectFrom('subscription_charges')
    .select(['subscription_id', 'gateway_payment_id', 'amount_paise'])
    .execute();

  const problems: string[] = [];
  const byGatewayId = new Map(ours.map((row) => [row.gateway_subscription_id ?? '', row]));
  const booked = new Map<string, typeof charges>();
  for (const charge of charges)
    booked.set(charge.gateway_payment_id, [...(booked.get(charge.gateway_payment_id) ?? []), charge]);

  for (const charge of gatewayCharges) {
    const rows = booked.get(charge.id) ?? [];
    const subscription = byGatewayId.get(charge.receipt);
    if (rows.length !== 1) problems.push(`gateway charge ${charge.id} is in our books ${rows.length} times`);
    else if (rows[0]?.subscription_id !== subscription?.id || rows[0]?.amount_paise !== charge.amount)
      problems.push(`gateway charge ${charge.id} is booked to another subscription or amount`);
  }
  const made = new Set(gatewayCharges.map((charge) => charge.id));
  for (const charge of charges) {
    if (!made.has(charge.gateway_payment_id))
      problems.push(`our charge ${charge.gateway_payment_id} was never captured by the gateway`);
  }
  for (const row of gateway) {
    const own = byGatewayId.get(row.id);
    // One made at the gateway by a subscribe the kill cut off before its id was stored: nobody was told
    // its id, so nobody can authorise it; anything further along must be ours.
    if (!own) {
      if (row.status !== 'created') problems.push(`gateway subscription ${row.id} is ${row.status} but not ours`);
    } else if (own.status !== row.status || own.paid_count !== row.paid_count)
      problems.push(
        `subscription ${own.id} is ${own.status} with ${own.paid_count} paid in our books, ${row.status} with ${row.paid_count} at the gateway`,
      );
  }
  return { subscriptions: ours.length, gatewayCharges: gatewayCharges.length, charges: charges.length, problems };
}
