import { writeAudit } from '../../audit/write-audit.js';
import type { Db, DbKind } from '../../db/database.js';
import type { OrderStatus } from '../../db/schema.js';
import type { MailQueue } from '../../mail/mailer.js';
import type { PaymentGateway } from '../../payments/gateway.js';
import type { TaxSettings } from '../../tax-config.js';
import { issueInvoice } from '../billing/issue-invoice.js';
import { removeBoughtBundleFromCart, removeBoughtFromCart } from '../cart/index.js';
import { lockSeats, takeSeats } from '../cohorts/index.js';
import { deleteRedemptionsOf, keepRedemption } from '../coupons/index.js';
import { grantOrderEnrolment } from '../learning/index.js';
import { withPaymentOrigin } from './export-claim.js';
import { describeUnfulfillable, findUnfulfillable, type Unfulfillable } from './find-unfulfillable.js';
import { type OrderEventSource, recordOrderEvent } from './order-events.js';
import { confirmationMail } from './order-mails.js';
import { refundDue, refundUnfulfillable } from './refund-unfulfillable.js';
import {
  findBuyer,
  findInvoiceLines,
  findOrderById,
  findOrderLines,
  insertRefundDue,
  lockRow,
  markPaid,
  upsertCapturedPayment,
} from './repo.js';

export interface VerifiedPayment {
  gatewayPaymentId: string;
  amountPaise: number;
  /** From abroad, as the gateway reports it; asked only for an export order (export-claim.ts). */
  international?: boolean;
}

export interface FulfilResult {
  orderId: string;
  /** True only for the call that moved the order to paid and granted it: at most one per order. */
  granted: boolean;
  /** The payment is being (or has been) given back instead: see refund-unfulfillable.ts. */
  refunded: boolean;
}

/** Money arrived: these states may still become paid. `refunded` stays refunded. */
const PAYABLE: OrderStatus[] = ['created', 'attempted', 'failed', 'expired'];

export interface FulfilContext {
  db: Db;
  dbKind: DbKind;
  mail: MailQueue;
  publicUrl: string;
  siteName: string;
  gateway: PaymentGateway;
  tax: TaxSettings;
}

/** The order's buyer, read under the transaction that fulfils or invoices it. */
async function buyerOfOrder(trx: Db, userId: string) {
  const buyer = await findBuyer(trx, userId);
  // Stryker disable next-line ConditionalExpression,StringLiteral: cannot happen (the row was read a moment ago, or is a foreign key); without the check the next line throws instead, and a 5xx shows no message
  if (!buyer) throw new Error(`buyer ${userId} does not exist`);
  return buyer;
}

/**
 * A payment for a deleted, closed or suspended account is something the operator should know of: besides
 * the order's history, a row in the console's audit log (there is no operator mail), written by the system.
 */
async function auditInactiveBuyer(
  trx: Db,
  order: { id: string; status: OrderStatus; user_id: string },
  payment: VerifiedPayment,
  reason: Unfulfillable,
  source: OrderEventSource,
  now: Date,
): Promise<void> {
  const system = {
    id: 'system',
    username: 'system',
    email: `system (${source})`,
    role: 'admin' as const,
    sessionId: '',
  };
  await writeAudit(
    trx,
    system,
    {
      action: 'order.payment_for_inactive_account',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status },
      after: {
        status: 'paid',
        refund: 'due',
        reason: describeUnfulfillable(reason),
        buyerId: order.user_id,
        gatewayPaymentId: payment.gatewayPaymentId,
        amountPaise: payment.amountPaise,
      },
    },
    now,
  );
}

/**
 * The one place an order becomes paid: in a single transaction it marks the order paid, records the
 * payment, counts the coupon use, enrols the buyer in every course and empties them from the cart,
 * and queues the confirmation e-mail. Client verify, webhooks and reconciliation all call this; the
 * row lock and the status check make every call after the first a no-op, whatever the order.
 * A payment the order can no longer honour (the buyer owns one of its courses through another order, or
 * its coupon was used up meanwhile, or its cohort filled up, or the buyer's account was deleted or suspended) is recorded as paid,
 * grants nothing, and is refunded through the gateway right after (refund-unfulfillable.ts), so nobody
 * pays twice, no coupon goes over its limits and no closed account is sold anything.
 */
export async function fulfilOrder(
  ctx: FulfilContext,
  orderId: string,
  reported: VerifiedPayment | null,
  source: OrderEventSource,
  now = new Date(),
): Promise<FulfilResult> {
  const payment = reported && (await withPaymentOrigin(ctx, orderId, reported));
  const result = await ctx.db.transaction().execute(async (trx) => {
    const head = await findOrderById(trx, orderId);
    // Stryker disable next-line ConditionalExpression,StringLiteral: cannot happen (the row was read a moment ago, or is a foreign key); without the check the next line throws instead, and a 5xx shows no message
    if (!head) throw new Error(`order ${orderId} does not exist`);
    // Buyer, then coupon, then order: the same order as checkout (coupon, then orders) and refunds.
    // Stryker disable next-line StringLiteral: the mutation run uses SQLite, where lockRow takes no lock (row-locks.test.ts shows the PostgreSQL lock)
    await lockRow(trx, ctx.dbKind, 'users', head.user_id);
    // Stryker disable next-line ConditionalExpression,StringLiteral: as above
    if (head.coupon_id) await lockRow(trx, ctx.dbKind, 'coupons', head.coupon_id);
    // Then the cohorts whose seats the order takes (issue 35): of buyers racing for the last seat, one at a time.
    await lockSeats(trx, ctx.dbKind, await findOrderLines(trx, orderId));
    // Stryker disable next-line StringLiteral: as above
    await lockRow(trx, ctx.dbKind, 'orders', orderId);
    const order = await findOrderById(trx, orderId);
    // Stryker disable next-line ConditionalExpression,StringLiteral: cannot happen (the row was read a moment ago, or is a foreign key); without the check the next line throws instead, and a 5xx shows no message
    if (!order) throw new Error(`order ${orderId} does not exist`);
    const stamp = now.toISOString();
    if (payment) {
      await upsertCapturedPayment(trx, {
        orderId: order.id,
        gatewayPaymentId: payment.gatewayPaymentId,
        amountPaise: payment.amountPaise,
        source,
        international: payment.international === undefined ? null : Number(payment.international),
        now: stamp,
      });
    }
    if (!PAYABLE.includes(order.status)) {
      // Stryker disable next-line BooleanLiteral: only reconciliation reads `granted`, and it fulfils only orders it just read as unpaid; an order paid in between is a race no sequential test produces
      return { granted: false, mail: null, refunded: order.status === 'refunded' || (await refundDue(trx, order.id)) };
    }

    await markPaid(trx, order.id, stamp);
    const unfulfillable = payment ? await findUnfulfillable(trx, order) : null;
    const paidNote = payment ? `payment ${payment.gatewayPaymentId}` : '';
    if (payment && unfulfillable) {
      await recordOrderEvent(
        trx,
        order.id,
        order.status,
        'paid',
        source,
        `${paidNote}; not fulfilled, refund due: ${describeUnfulfillable(unfulfillable)}`,
        now,
      );
      await deleteRedemptionsOf(trx, order.id);
      await insertRefundDue(trx, {
        orderId: order.id,
        gatewayPaymentId: payment.gatewayPaymentId,
        amountPaise: payment.amountPaise,
        now: stamp,
      });
      if (unfulfillable.kind === 'inactive') await auditInactiveBuyer(trx, order, payment, unfulfillable, source, now);
      // Money was received, so it is invoiced; the refund will issue the credit note (decision 0018). Not a
      // refused export claim: its invoice would be a zero-rated export for money paid from India (0018). Not
      // for a buyer no longer active: no new records for an erased account, nor a sale to a closed one (0015).
      const invoiced = unfulfillable.kind !== 'export' && unfulfillable.kind !== 'inactive';
      // Stryker disable next-line ConditionalExpression,EqualityOperator: a payment arrives only for an order with a gateway order, whose total is at least ₹1
      if (order.total_paise > 0 && invoiced) {
        const buyer = await buyerOfOrder(trx, order.user_id);
        await issueInvoice(trx, ctx.tax, order, await findInvoiceLines(trx, order.id), buyer, now);
      }
      return { granted: false, mail: null, refunded: true };
    }
    await recordOrderEvent(trx, order.id, order.status, 'paid', source, paidNote, now);

    if (order.coupon_id) {
      // The reservation made at checkout normally exists; an order paid after it expired gets its use back.
      await keepRedemption(trx, {
        couponId: order.coupon_id,
        userId: order.user_id,
        orderId: order.id,
        now: stamp,
      });
    }

    // A bundle's courses are lines too: each course is enrolled once (an enrolment the buyer holds already,
    // through another order, stays as it is: the unique (user, course) enrolment backs it).
    const lines = await findOrderLines(trx, order.id);
    for (const line of lines) {
      await grantOrderEnrolment(trx, {
        userId: order.user_id,
        courseId: line.course_id,
        orderId: order.id,
        now: stamp,
      });
      await removeBoughtFromCart(trx, order.user_id, line.course_id);
    }
    // The seats, under the cohorts' locks: findUnfulfillable counted one free for each (it stays free).
    await takeSeats(trx, { id: order.id, userId: order.user_id, lines }, stamp);
    for (const bundleId of new Set(lines.flatMap((line) => (line.bundle_id ? [line.bundle_id] : [])))) {
      await removeBoughtBundleFromCart(trx, order.user_id, bundleId);
    }

    const buyer = await buyerOfOrder(trx, order.user_id);
    // Near the end, so the invoice counter (one row every purchase takes) stays locked only briefly.
    const sold = await findInvoiceLines(trx, order.id);
    const invoice = order.total_paise > 0 ? await issueInvoice(trx, ctx.tax, order, sold, buyer, now) : null;
    const mail = confirmationMail(
      ctx,
      { ...order, lines: sold },
      buyer.email,
      order.billing_name || buyer.username,
      invoice,
    );
    await ctx.mail.enqueue(mail, trx, now);
    return { granted: true, mail, refunded: false };
  });
  if (result.mail) ctx.mail.kick();
  if (result.refunded) await refundUnfulfillable(ctx, orderId, source, now);
  return { orderId, granted: result.granted, refunded: result.refunded };
}
