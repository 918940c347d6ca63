import type { Db } from '../../db/database.js';
import type { PaymentGateway } from '../../payments/gateway.js';
import type { VerifiedPayment } from './fulfil-order.js';
import { findExportClaim } from './repo.js';

/**
 * "Outside India" is the buyer's own word, and under a Letter of Undertaking it makes the sale
 * zero-rated (with exclusive prices it also takes the 18 % off the charge). So an order billed as an
 * export (`tax_mode` 'lut') asks the gateway where its payment came from (Razorpay's `international`);
 * find-unfulfillable.ts refuses one paid from India, and it is refunded (decision 0018, addendum).
 * Other orders do not ask: no gateway call on the ordinary path. Runs before fulfilment's transaction,
 * so no lock is held across the call; a gateway that is down throws, and the webhook or reconciliation
 * fulfils the order later.
 */
export async function withPaymentOrigin(
  ctx: { db: Db; gateway: PaymentGateway },
  orderId: string,
  payment: VerifiedPayment,
): Promise<VerifiedPayment> {
  if (payment.international !== undefined) return payment;
  const order = await findExportClaim(ctx.db, orderId);
  if (order?.tax_mode !== 'lut' || !order.gateway_order_id) return payment;
  const payments = await ctx.gateway.fetchOrderPayments(order.gateway_order_id);
  const reported = payments.find((candidate) => candidate.id === payment.gatewayPaymentId);
  return { ...payment, international: reported?.international ?? false };
}
