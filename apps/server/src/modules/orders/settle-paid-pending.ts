import type { AppDeps } from '../../deps.js';
import { fulfilContext } from './fulfil-context.js';
import { fulfilOrder } from './fulfil-order.js';
import { findPendingGatewayOrders } from './repo.js';

/**
 * Before a checkout reuses or supersedes the buyer's open orders, asks the gateway whether any of them
 * was paid after all (the browser's verify call and the webhook can both be lost). Such an order is
 * fulfilled, never expired or paid a second time. Resolves to true when one was: the cart has changed.
 */
export async function settlePaidPendingOrders(deps: AppDeps, userId: string, now: Date): Promise<boolean> {
  const pending = await findPendingGatewayOrders(deps.db, userId);
  let settled = false;
  for (const order of pending) {
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: the query returns only orders with a gateway order id; this narrows the type
    if (!order.gateway_order_id) continue;
    const payments = await deps.gateway.fetchOrderPayments(order.gateway_order_id);
    const captured = payments.find((payment) => payment.status === 'captured' && payment.amount === order.total_paise);
    if (!captured) continue;
    await fulfilOrder(
      fulfilContext(deps),
      order.id,
      // Its origin as just fetched: an export claim is checked without asking the gateway again.
      { gatewayPaymentId: captured.id, amountPaise: captured.amount, international: captured.international },
      'checkout',
      now,
    );
    settled = true;
  }
  return settled;
}
