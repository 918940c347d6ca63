import { expect } from 'vitest';
import { createSignedInUser, type TestApp, type TestUser } from './helpers.js';

/** A signed-in buyer with the courses in their cart, and their open order, as the checkout creates it. */
export async function openOrder(t: TestApp, courseIds: string[], billing: Record<string, unknown> = {}) {
  const user = await createSignedInUser(t.database.db);
  const headers = { cookie: user.cookie, origin: new URL(t.config.publicUrl).origin };
  for (const courseId of courseIds) {
    const added = await t.app.inject({ method: 'POST', url: '/api/cart/add', headers, payload: { courseId } });
    expect(added.statusCode).toBe(200);
  }
  const cart = await t.database.db
    .selectFrom('courses')
    .select((eb) => eb.fn.sum<number>('price_paise').as('paise'))
    .where('id', 'in', courseIds)
    .executeTakeFirstOrThrow();
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/create-order',
    headers,
    payload: { amount: Number(cart.paise) / 100, name: 'Asha Patel', email: user.email, ...billing },
  });
  expect(order.statusCode, order.body).toBe(200);
  return { user, headers, orderId: order.json().orderId as string, gatewayOrderId: order.json().order_id as string };
}

/**
 * The test-mode widget's Pay button: the sandbox captures and signs, as Razorpay would. `card` is the
 * widget's card choice, an Indian one unless told.
 */
export async function payInSandbox(
  t: TestApp,
  opened: { headers: Record<string, string>; gatewayOrderId: string },
  card: 'domestic' | 'international' = 'domestic',
) {
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/pay',
    headers: opened.headers,
    payload: { order_id: opened.gatewayOrderId, outcome: 'captured', card },
  });
  expect(paid.statusCode).toBe(200);
  return paid.json() as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}

/** The browser's verify call after paying. */
export function verifyPayment(t: TestApp, opened: { headers: Record<string, string> }, signed: object) {
  return t.app.inject({ method: 'POST', url: '/api/verify-payment', headers: opened.headers, payload: signed });
}

/** Checkout, pay and verify: a finished purchase. */
export async function buy(t: TestApp, courseIds: string[], billing: Record<string, unknown> = {}) {
  const opened = await openOrder(t, courseIds, billing);
  const verified = await verifyPayment(t, opened, await payInSandbox(t, opened));
  expect(verified.statusCode).toBe(200);
  return opened as { user: TestUser; headers: Record<string, string>; orderId: string; gatewayOrderId: string };
}
