import type { AdminOrderDetail } from '@shop/shared';
import { messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { findOrderForConsole } from '../orders/find-for-console.js';

/** One order with everything the operator needs to answer a customer: lines, payments, history. */
export async function getOrder(db: Db, id: string): Promise<AdminOrderDetail> {
  const found = await findOrderForConsole(db, id);
  if (!found) throw new AppError('not_found', messages.adminOrderMissing);
  const { order, lines, payments, refunds, events } = found;
  return {
    id: order.id,
    userId: order.user_id,
    createdAt: order.created_at,
    email: order.billing_email || order.email,
    billingName: order.billing_name,
    status: order.status,
    subtotalPaise: order.subtotal_paise,
    discountPaise: order.discount_paise,
    discountPercent: order.discount_percent,
    totalPaise: order.total_paise,
    couponCode: order.coupon_code,
    gateway: order.gateway,
    gatewayOrderId: order.gateway_order_id,
    paidAt: order.paid_at,
    refundedAt: order.refunded_at,
    billing: {
      state: order.billing_state,
      pin: order.billing_pin,
      country: order.billing_country,
      businessName: order.billing_business,
      gstin: order.billing_gstin,
    },
    disclaimerAcceptedAt: order.disclaimer_accepted_at,
    courses: lines.map((line) => line.title),
    lines: lines.map((line) => ({
      courseId: line.course_id,
      title: line.title,
      unitPricePaise: line.unit_price_paise,
    })),
    payments: payments.map((p) => ({
      gatewayPaymentId: p.gateway_payment_id,
      amountPaise: p.amount_paise,
      status: p.status,
      international: p.international === null ? null : p.international === 1,
      createdAt: p.created_at,
    })),
    refunds: refunds.map((r) => ({
      gatewayRefundId: r.gateway_refund_id,
      amountPaise: r.amount_paise,
      status: r.status,
      createdAt: r.created_at,
    })),
    events: events.map((e) => ({
      fromStatus: e.from_status,
      toStatus: e.to_status,
      source: e.source,
      note: e.note,
      createdAt: e.created_at,
    })),
  };
}
