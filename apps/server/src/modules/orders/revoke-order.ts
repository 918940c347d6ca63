import type { Db, DbKind } from '../../db/database.js';
import type { MailQueue } from '../../mail/mailer.js';
import type { TaxSettings } from '../../tax-config.js';
import { issueCreditNote } from '../billing/issue-credit-note.js';
import { releaseSeats } from '../cohorts/index.js';
import { moveOrRevokeEnrolment } from '../learning/index.js';
import { type OrderEventSource, recordOrderEvent } from './order-events.js';
import { refundMail } from './order-mails.js';
import {
  completeRefund,
  findDueRefund,
  findHeldEnrolments,
  findOrderBuyerId,
  findOrderWithBuyer,
  findOtherPaidOrderWith,
  findRefundByGatewayId,
  insertProcessedRefund,
  lockRow,
  markRefunded,
} from './repo.js';

export interface RefundRecord {
  gatewayPaymentId: string;
  /** Every path that revokes has the gateway's refund id: the webhook's refund, the answer to our refund call. */
  gatewayRefundId: string;
  amountPaise: number;
}

interface RefundContext {
  db: Db;
  dbKind: DbKind;
  mail: MailQueue;
  publicUrl: string;
  siteName: string;
  tax: TaxSettings;
}

/**
 * One refund key per order, used by every path that refunds it (the operator's button and the automatic
 * refund of an unfulfillable payment), so the gateway refunds an order once whoever asks. Razorpay takes
 * 10 or more letters, digits, hyphens and underscores.
 */
export function refundIdempotencyKey(orderId: string): string {
  return `refund-${orderId}`;
}

/** The refund row: the one already due for this order is completed, a repeat of a known refund adds nothing. */
async function recordRefund(trx: Db, orderId: string, refund: RefundRecord, stamp: string): Promise<void> {
  if (await findRefundByGatewayId(trx, refund.gatewayRefundId)) return;
  const due = await findDueRefund(trx, orderId);
  if (due) return completeRefund(trx, due.id, refund.gatewayRefundId, refund.amountPaise);
  await insertProcessedRefund(trx, { orderId, ...refund, now: stamp });
}

/**
 * The refunded order's enrolments end, except for a course another paid, unrefunded order of the same
 * learner also contains: that enrolment stays and now belongs to the other order.
 */
async function releaseEnrolments(trx: Db, order: { id: string; user_id: string }, stamp: string): Promise<void> {
  const held = await findHeldEnrolments(trx, order.id, order.user_id);
  for (const enrolment of held) {
    const other = await findOtherPaidOrderWith(trx, order, enrolment.course_id);
    await moveOrRevokeEnrolment(trx, enrolment.id, other?.id, stamp);
  }
}

/**
 * Where the refund notice goes: the account's address while the account is active; otherwise the address
 * typed on the order, since a deleted account's address is a tombstone (`deleted-…@invalid`) and a closed
 * one may be read by nobody. A suspended account without one keeps its own; a closed one gets no mail.
 */
function refundNoticeAddress(order: { email: string; billing_email: string; buyer_status: string }): string | null {
  if (order.buyer_status === 'active') return order.email;
  if (order.billing_email) return order.billing_email;
  return order.buyer_status === 'suspended' ? order.email : null;
}

/**
 * A full refund: the order becomes refunded, the access it alone granted is revoked, and the buyer is
 * told by e-mail, once, in one transaction, whether the operator's refund, Razorpay's refund webhook,
 * the automatic refund of an unfulfillable payment or several of them arrive.
 */
export async function revokeRefundedOrder(
  ctx: RefundContext,
  orderId: string,
  refund: RefundRecord,
  source: OrderEventSource,
  now = new Date(),
  /** Runs inside the same transaction when this call revoked the order (the operator's audit row). */
  onRevoked?: (trx: Db) => Promise<void>,
  /** Why the shop gave the money back of its own accord, for the buyer's e-mail. */
  reason?: string,
): Promise<{ revoked: boolean }> {
  const result = await ctx.db.transaction().execute(async (trx) => {
    const head = await findOrderBuyerId(trx, orderId);
    // The buyer's lock first, as fulfilment takes it: what the learner owns is decided one change at a time.
    // Stryker disable next-line StringLiteral: the mutation run uses SQLite, where lockRow takes no lock (row-locks.test.ts shows the PostgreSQL lock)
    await lockRow(trx, ctx.dbKind, 'users', head.user_id);
    // Stryker disable next-line StringLiteral: as above
    await lockRow(trx, ctx.dbKind, 'orders', orderId);
    const order = await findOrderWithBuyer(trx, orderId);
    const stamp = now.toISOString();
    await recordRefund(trx, order.id, refund, stamp);
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: only reconciliation's refund retry reads `revoked`, for a refund still due, whose order is paid; one refunded in between is a race no sequential test produces
    if (order.status !== 'paid') return { revoked: false, mail: null };
    await markRefunded(trx, order.id, stamp);
    await releaseEnrolments(trx, order, stamp);
    // A refunded order's cohort seats go back to the cohort (issue 35).
    await releaseSeats(trx, order.id);
    const address = refundNoticeAddress(order);
    const told = address ? 'buyer e-mailed' : 'no address to e-mail the buyer';
    await recordOrderEvent(
      trx,
      order.id,
      'paid',
      'refunded',
      source,
      [`refund ${refund.gatewayRefundId}`, reason ? `automatic, ${told}` : told].join('; '),
      now,
    );
    // The credit note comes from its own series (decision 0018); the mail names it.
    const creditNote = await issueCreditNote(
      trx,
      ctx.tax,
      order.id,
      refund.amountPaise,
      reason ? 'Payment refunded: the order could not be fulfilled' : 'Order refunded',
      now,
    );
    const mail =
      address &&
      refundMail(ctx, order.id, refund.amountPaise, address, order.billing_name || order.username, reason, creditNote);
    if (mail) await ctx.mail.enqueue(mail, trx, now);
    await onRevoked?.(trx);
    return { revoked: true, mail };
  });
  // Stryker disable next-line ConditionalExpression: a kick with nothing queued delivers nothing
  if (result.mail) ctx.mail.kick();
  return { revoked: result.revoked };
}
