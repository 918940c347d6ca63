import { formatPaise } from '@shop/shared';
import type { Db, DbKind } from '../../db/database.js';
import type { OrderStatus } from '../../db/schema.js';
import { escapeHtml } from '../../html.js';
import { newId } from '../../ids.js';
import type { MailMessage, MailQueue } from '../../mail/mailer.js';
import { lockRow } from './lock-row.js';
import { type OrderEventSource, recordOrderEvent } from './order-events.js';

export interface VerifiedPayment {
  gatewayPaymentId: string;
  amountPaise: number;
}

export interface FulfilResult {
  orderId: string;
  /** True only for the call that moved the order to paid: exactly one per order. */
  granted: boolean;
}

/** Money arrived: these states may still become paid. `refunded` stays refunded. */
const PAYABLE: OrderStatus[] = ['created', 'attempted', 'failed', 'expired'];

interface FulfilContext {
  db: Db;
  dbKind: DbKind;
  mail: MailQueue;
  publicUrl: string;
  siteName: string;
}

/**
 * The one place an order becomes paid: in a single transaction it marks the order paid, records the
 * payment, counts the coupon use, enrols the buyer in every course and empties them from the cart,
 * and queues the confirmation e-mail. Client verify, webhooks and reconciliation all call this; the
 * row lock and the status check make every call after the first a no-op, whatever the order.
 */
export async function fulfilOrder(
  ctx: FulfilContext,
  orderId: string,
  payment: VerifiedPayment | null,
  source: OrderEventSource,
  now = new Date(),
): Promise<FulfilResult> {
  const result = await ctx.db.transaction().execute(async (trx) => {
    await lockRow(trx, ctx.dbKind, 'orders', orderId);
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    const stamp = now.toISOString();
    if (payment) {
      await trx
        .insertInto('payments')
        .values({
          id: newId(),
          order_id: order.id,
          gateway_payment_id: payment.gatewayPaymentId,
          amount_paise: payment.amountPaise,
          status: 'captured',
          source,
          created_at: stamp,
          updated_at: stamp,
        })
        .onConflict((oc) => oc.column('gateway_payment_id').doUpdateSet({ status: 'captured', updated_at: stamp }))
        .execute();
    }
    if (!PAYABLE.includes(order.status)) return { granted: false, mail: null };

    await trx
      .updateTable('orders')
      .set({ status: 'paid', paid_at: stamp, updated_at: stamp })
      .where('id', '=', order.id)
      .execute();
    await recordOrderEvent(
      trx,
      order.id,
      order.status,
      'paid',
      source,
      payment ? `payment ${payment.gatewayPaymentId}` : '',
      now,
    );

    if (order.coupon_id) {
      // The reservation made at checkout normally exists; an order paid after it expired gets its use back.
      await trx
        .insertInto('coupon_redemptions')
        .values({
          id: newId(),
          coupon_id: order.coupon_id,
          user_id: order.user_id,
          order_id: order.id,
          redeemed_at: stamp,
        })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute();
    }

    const lines = await trx
      .selectFrom('order_lines')
      .select(['course_id', 'title', 'unit_price_paise'])
      .where('order_id', '=', order.id)
      .execute();
    for (const line of lines) {
      await trx
        .insertInto('enrolments')
        .values({
          id: newId(),
          user_id: order.user_id,
          course_id: line.course_id,
          order_id: order.id,
          granted_at: stamp,
          revoked_at: null,
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'course_id'])
            .doUpdateSet({ order_id: order.id, granted_at: stamp, revoked_at: null })
            .where('enrolments.revoked_at', 'is not', null),
        )
        .execute();
    }
    const courseIds = lines.map((line) => line.course_id);
    if (courseIds.length > 0) {
      const cart = await trx.selectFrom('carts').select('id').where('user_id', '=', order.user_id).executeTakeFirst();
      if (cart)
        await trx.deleteFrom('cart_items').where('cart_id', '=', cart.id).where('course_id', 'in', courseIds).execute();
    }

    const buyer = await trx
      .selectFrom('users')
      .select(['email', 'username'])
      .where('id', '=', order.user_id)
      .executeTakeFirstOrThrow();
    const mail = confirmationMail(ctx, { ...order, lines }, buyer.email, order.billing_name || buyer.username);
    await ctx.mail.enqueue(mail, trx, now);
    return { granted: true, mail };
  });
  if (result.mail) ctx.mail.kick();
  return { orderId, granted: result.granted };
}

function confirmationMail(
  ctx: FulfilContext,
  order: {
    id: string;
    subtotal_paise: number;
    discount_paise: number;
    total_paise: number;
    lines: { title: string; unit_price_paise: number }[];
  },
  email: string,
  name: string,
): MailMessage {
  const link = `${ctx.publicUrl}/enrolled-courses`;
  const lines = order.lines.map((line) => `- ${line.title}: ${formatPaise(line.unit_price_paise)}`);
  const text = [
    `Hello ${name},`,
    '',
    `Thank you for your order ${order.id} at ${ctx.siteName}.`,
    '',
    ...lines,
    `Subtotal: ${formatPaise(order.subtotal_paise)}`,
    `Discount: ${formatPaise(order.discount_paise)}`,
    `Total paid: ${formatPaise(order.total_paise)}`,
    '',
    `Your courses are ready: ${link}`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(name)},</p><p>Thank you for your order <strong>${order.id}</strong> at ${escapeHtml(ctx.siteName)}.</p><ul>${order.lines
    .map((line) => `<li>${escapeHtml(line.title)}: ${formatPaise(line.unit_price_paise)}</li>`)
    .join(
      '',
    )}</ul><p>Subtotal: ${formatPaise(order.subtotal_paise)}<br>Discount: ${formatPaise(order.discount_paise)}<br><strong>Total paid: ${formatPaise(order.total_paise)}</strong></p><p><a href="${link}">Open your courses</a></p>`;
  return { to: email, subject: `Your ${ctx.siteName} order ${order.id}`, text, html };
}
