import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../test/admin-app.js';
import { courseForm } from '../../../test/admin-test-client.js';

const { t, asAdmin, paidOrder: paidFor } = useAdminApp({ gateway: true });

/** A learner buys a new course at `price` rupees through checkout and the gateway, as the browser does. */
async function paidOrder(price: number) {
  const courseId = (await asAdmin('POST', '/api/admin/courses', courseForm({ price }))).json().course.id;
  const { buyer, orderId } = await paidFor(courseId, price);
  return { buyer, orderId };
}

describe('what the operator sees taken', () => {
  it('the dashboard leaves a refunded order out of the takings and shows it as a refund', async () => {
    await paidOrder(2500);
    const { orderId: refundedId } = await paidOrder(3999);
    const before = (await asAdmin('GET', '/api/admin/dashboard')).json().dashboard;
    expect(before).toMatchObject({ ordersToday: 2, revenueTodayPaise: 649_900, refundsLast30Days: 0 });

    expect((await asAdmin('POST', `/api/admin/orders/${refundedId}/refund`, {})).statusCode).toBe(200);
    const after = (await asAdmin('GET', '/api/admin/dashboard')).json().dashboard;
    expect(after).toMatchObject({
      ordersToday: 1,
      revenueTodayPaise: 250_000,
      refundsLast30Days: 1,
      refundedLast30DaysPaise: 399_900,
    });
    expect(after.revenueByDay.reduce((sum: number, day: { paise: number }) => sum + day.paise, 0)).toBe(250_000);
    expect(after.bestSellers.map((row: { paise: number }) => row.paise)).toEqual([250_000]);
  });

  it('the orders CSV writes times in India time, as the console shows them', async () => {
    const { buyer, orderId } = await paidOrder(1200);
    // An order placed at 20:00 UTC is on the next day in India (01:30 IST).
    await t.database.db
      .updateTable('orders')
      .set({ created_at: '2025-03-31T20:00:00.000Z' })
      .where('id', '=', orderId)
      .execute();
    const res = await asAdmin('GET', `/api/admin/orders.csv?q=${encodeURIComponent(buyer.email)}`);
    const [header, row] = res.body.trim().split('\r\n');
    expect(header?.split(',')[1]).toBe('created at (IST)');
    expect(row?.split(',')[1]).toBe('2025-04-01 01:30:00');
  });
});
