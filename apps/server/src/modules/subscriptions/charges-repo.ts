import type { Db, DbKind } from '../../db/database.js';

/**
 * A charge by its gateway payment id, locked for the rest of the transaction on PostgreSQL (SQLite's
 * transactions already run one at a time): whoever holds it decides alone whether its invoice or its
 * refund's credit note is still to be issued.
 */
export function lockChargeByPayment(trx: Db, kind: DbKind, gatewayPaymentId: string) {
  const query = trx.selectFrom('subscription_charges').selectAll().where('gateway_payment_id', '=', gatewayPaymentId);
  return (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** A subscription's charge by the gateway's payment id, with the subscription's learner and gateway id. */
export function findChargeOfSubscription(db: Db, subscriptionId: string, gatewayPaymentId: string) {
  return db
    .selectFrom('subscription_charges')
    .innerJoin('subscriptions', 'subscriptions.id', 'subscription_charges.subscription_id')
    .select([
      'subscription_charges.id',
      'subscription_charges.amount_paise',
      'subscription_charges.refunded_at',
      'subscription_charges.gateway_refund_id',
      'subscriptions.user_id',
      'subscriptions.status',
      'subscriptions.gateway_subscription_id',
    ])
    .where('subscription_charges.subscription_id', '=', subscriptionId)
    .where('subscription_charges.gateway_payment_id', '=', gatewayPaymentId)
    .executeTakeFirst();
}

/** Marks a charge refunded unless it is already: true for the one call that did. */
export async function markChargeRefunded(
  trx: Db,
  chargeId: string,
  refund: { gatewayRefundId: string; now: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('subscription_charges')
    .set({ refunded_at: refund.now, gateway_refund_id: refund.gatewayRefundId })
    .where('id', '=', chargeId)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) !== 0;
}

/**
 * Membership and instalment charges for the owner's takings: those paid since `from` and kept (not
 * refunded), and those refunded since `from` (counted on the day of the refund).
 */
export async function findChargeTakingsSince(db: Db, from: string) {
  const columns = ['id', 'amount_paise', 'paid_at', 'refunded_at'] as const;
  const [kept, refunded] = await Promise.all([
    db
      .selectFrom('subscription_charges')
      .select(columns)
      .where('paid_at', '>=', from)
      .where('refunded_at', 'is', null)
      .execute(),
    db.selectFrom('subscription_charges').select(columns).where('refunded_at', '>=', from).execute(),
  ]);
  return { kept, refunded };
}
