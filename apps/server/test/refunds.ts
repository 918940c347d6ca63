import { expect } from 'vitest';
import { loadOrCreateSecret } from '../src/auth/secrets.js';
import { hmacHex } from '../src/auth/signatures.js';
import { createSignedInUser, type TestApp } from './helpers.js';

/** Razorpay's refund.processed webhook for an order's whole payment, signed as the sandbox signs. */
export async function refundInFull(t: TestApp, orderId: string): Promise<void> {
  const order = await t.database.db
    .selectFrom('orders')
    .innerJoin('payments', 'payments.order_id', 'orders.id')
    .select(['orders.total_paise', 'orders.gateway_order_id', 'payments.gateway_payment_id'])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();
  const paymentId = order.gateway_payment_id;
  const amount = Number(order.total_paise);
  const refundId = `rfnd_${paymentId.slice(4)}`;
  const body = JSON.stringify({
    event: 'refund.processed',
    payload: {
      refund: { entity: { id: refundId, payment_id: paymentId, amount } },
      payment: {
        entity: {
          id: paymentId,
          order_id: order.gateway_order_id,
          amount,
          amount_refunded: amount,
          status: 'refunded',
        },
      },
    },
  });
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/razorpay',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-event-id': `evt_${refundId}`,
      'x-razorpay-signature': hmacHex(loadOrCreateSecret(t.config.dataDir, 'sandbox-secret'), body),
    },
    payload: body,
  });
  expect(hook.statusCode).toBe(200);
}

/** An operator refunds the order in full from the console (a new admin's session, our own Origin). */
export async function refundAsOperator(t: TestApp, orderId: string): Promise<void> {
  const admin = await createSignedInUser(t.database.db, { role: 'admin' });
  const refund = await t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: { cookie: admin.cookie, origin: new URL(t.config.publicUrl).origin },
  });
  expect(refund.statusCode, refund.body).toBe(200);
}
