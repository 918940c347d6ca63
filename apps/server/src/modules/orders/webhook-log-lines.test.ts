import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSignedInUser } from '../../../test/helpers.js';
import { activeCourseIds, demoLines, orderStatus, payAtFake, usePaymentsShop } from '../../../test/payments-kit.js';

// A webhook the shop acknowledges but does not act on leaves a log line, the only trace an operator has:
// a payment for an order we do not know, a payment of the wrong amount (money taken, nothing granted), a
// partial refund (access kept). Each line must name what the operator needs to find the payment.
// A fresh app per test: its logger is the one the webhook route logs to, spied on before the delivery.

const [c1] = demoLines;

const { t, fake, deliver, checkedOut } = usePaymentsShop('test');
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the log of a webhook that changes nothing', () => {
  it('a captured payment for an order the shop does not know is logged as a warning naming the event', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    const entity = payAtFake(fake, order.order_id);
    const warn = vi.spyOn(t.app.log, 'warn');
    const res = await deliver(
      fake.webhook('payment.captured', { payment: { ...entity, order_id: 'order_NotOurs0000001' } }),
    );
    expect(res.statusCode).toBe(200);
    expect(warn).toHaveBeenCalledWith({ event: 'payment.captured' }, 'webhook for an order we do not know');
    expect(await orderStatus(t.database.db, order.orderId)).toBe('created');
  });

  it('a captured payment of another amount is logged as an error with the order, the amount paid and the amount due', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    const entity = payAtFake(fake, order.order_id);
    const error = vi.spyOn(t.app.log, 'error');
    const res = await deliver(fake.webhook('payment.captured', { payment: { ...entity, amount: c1.paise - 1 } }));
    expect(res.statusCode).toBe(200);
    expect(error).toHaveBeenCalledWith(
      { orderId: order.orderId, paid: c1.paise - 1, due: c1.paise },
      'paid amount differs from the order total; not fulfilled',
    );
    expect(await orderStatus(t.database.db, order.orderId)).toBe('created');
    expect(await activeCourseIds(t.database.db, user.id)).toEqual([]);
  });

  it('a partial refund is logged with the order and the refund id, and the buyer keeps the course', async () => {
    const user = await createSignedInUser(t.database.db);
    const order = await checkedOut(user, [c1]);
    const entity = payAtFake(fake, order.order_id);
    expect((await deliver(fake.webhook('payment.captured', { payment: entity }))).statusCode).toBe(200);
    const info = vi.spyOn(t.app.log, 'info');
    const part = Math.floor(entity.amount / 4);
    const res = await deliver(
      fake.webhook('refund.processed', {
        refund: { id: 'rfnd_Quarter000001', payment_id: entity.id, amount: part },
        payment: { ...entity, amount_refunded: part },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(info).toHaveBeenCalledWith(
      { orderId: order.orderId, refund: 'rfnd_Quarter000001' },
      'partial refund recorded by the gateway; access kept',
    );
    expect(await orderStatus(t.database.db, order.orderId)).toBe('paid');
    expect(await activeCourseIds(t.database.db, user.id)).toEqual([c1.id]);
  });
});
