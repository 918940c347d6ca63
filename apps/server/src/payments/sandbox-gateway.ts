import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { boundValues, preparedQuery } from '../db/prepared.js';
import type { SandboxOrdersTable, SandboxPaymentsTable } from '../db/schema.js';
import {
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  GatewayRejectedError,
  type PaymentGateway,
} from './gateway.js';
import { RazorpayWire } from './razorpay-wire.js';
import { paymentSignature } from './signatures.js';

export type SandboxPayResult = { razorpay_order_id: string; razorpay_payment_id: string } & (
  | { razorpay_signature: string }
  | { error: { code: string; description: string; source: string; step: string; reason: string } }
);

const gatewayId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex').slice(0, 14)}`;

// Every sandbox checkout runs these; they are compiled once (see preparedQuery).
const insertOrder = preparedQuery<SandboxOrdersTable>()((db, value) =>
  db
    .insertInto('sandbox_orders')
    .values(
      boundValues<SandboxOrdersTable>(value, ['id', 'amount', 'currency', 'status', 'receipt', 'notes', 'created_at']),
    ),
);
const paymentsOf = preparedQuery<{ gatewayOrderId: string }>()((db, value) =>
  db.selectFrom('sandbox_payments').selectAll().where('order_id', '=', value('gatewayOrderId')),
);
const orderOf = preparedQuery<{ gatewayOrderId: string }>()((db, value) =>
  db.selectFrom('sandbox_orders').selectAll().where('id', '=', value('gatewayOrderId')),
);
type NewSandboxPayment = Omit<SandboxPaymentsTable, 'amount_refunded' | 'international'> & { international: number };
const insertPayment = preparedQuery<NewSandboxPayment>()((db, value) =>
  db
    .insertInto('sandbox_payments')
    .values(
      boundValues<NewSandboxPayment>(value, ['id', 'order_id', 'amount', 'status', 'international', 'created_at']),
    ),
);
const setOrderStatus = preparedQuery<{ id: string; status: 'paid' | 'attempted' }>()((db, value) =>
  db
    .updateTable('sandbox_orders')
    .set({ status: value('status') })
    .where('id', '=', value('id'))
    .where('status', '!=', 'paid'),
);

/**
 * Test mode without Razorpay: Razorpay's order and payment books kept in our own tables, payments made
 * by the local widget (Pay / Fail), signed with real HMAC-SHA256 exactly as Razorpay signs them.
 */
export class SandboxGateway extends RazorpayWire implements PaymentGateway {
  readonly mode = 'sandbox';
  /** The sandbox speaks Razorpay's wire: its webhooks arrive at Razorpay's URL. */
  readonly webhookName = 'razorpay';
  /** Its widget is served by our own origin. */
  readonly contentSecurity = { scriptSrc: [], connectSrc: [], frameSrc: [] };
  readonly keyId = 'rzp_test_sandbox';

  constructor(
    private readonly db: Db,
    private readonly secrets: { payment: string; webhook: string },
    readonly checkoutUrl: string,
  ) {
    super(secrets);
  }

  async createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<GatewayOrder> {
    if (!Number.isInteger(input.amountPaise) || input.amountPaise < 100) {
      throw new GatewayRejectedError('The amount must be atleast INR 1.00');
    }
    const order = { id: gatewayId('order'), amount: input.amountPaise, currency: 'INR', status: 'created' as const };
    await insertOrder.execute(this.db, {
      ...order,
      receipt: input.receipt.slice(0, 40),
      notes: JSON.stringify(input.notes),
      created_at: new Date().toISOString(),
    });
    return order;
  }

  async fetchOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]> {
    const rows = await paymentsOf.rows(this.db, { gatewayOrderId });
    return rows.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      amount: row.amount,
      currency: 'INR',
      status: row.status,
      amountRefunded: row.amount_refunded,
      international: row.international === 1,
    }));
  }

  /**
   * What the widget's Pay and Fail buttons do: record the payment; like Razorpay's checkout, only a
   * captured payment comes back signed. A failed one comes back as Razorpay's error payload, which no
   * verify call can turn into a paid order. `card` is the tester's choice of an Indian or a foreign card,
   * reported as Razorpay reports it (`international`).
   */
  async pay(
    gatewayOrderId: string,
    outcome: 'captured' | 'failed',
    card: 'domestic' | 'international' = 'domestic',
  ): Promise<SandboxPayResult> {
    const order = await orderOf.first(this.db, { gatewayOrderId });
    if (!order) throw new GatewayRejectedError('The id provided does not exist');
    // As Razorpay's checkout does: a paid order takes no second payment.
    if (order.status === 'paid') throw new GatewayRejectedError('This order has already been paid');
    const paymentId = gatewayId('pay');
    await this.db.transaction().execute(async (trx) => {
      await insertPayment.execute(trx, {
        id: paymentId,
        order_id: order.id,
        amount: order.amount,
        status: outcome,
        international: card === 'international' ? 1 : 0,
        created_at: new Date().toISOString(),
      });
      await setOrderStatus.execute(trx, { id: order.id, status: outcome === 'captured' ? 'paid' : 'attempted' });
    });
    if (outcome === 'failed') {
      return {
        razorpay_order_id: order.id,
        razorpay_payment_id: paymentId,
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Payment failed (sandbox)',
          source: 'customer',
          step: 'payment_authorization',
          reason: 'payment_failed',
        },
      };
    }
    return {
      razorpay_order_id: order.id,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(this.secrets.payment, order.id, paymentId),
    };
  }

  /**
   * The shop only ever refunds a payment in full, and the sandbox takes one full refund per payment with
   * an id derived from the payment: a repeat (same idempotency key, as Razorpay's X-Refund-Idempotency)
   * answers that same refund. A key Razorpay would refuse is refused here too.
   */
  async refundPayment(paymentId: string, amountPaise: number, idempotencyKey: string): Promise<GatewayRefund> {
    if (!/^[A-Za-z0-9_-]{10,}$/.test(idempotencyKey)) throw new GatewayRejectedError('The idempotency key is invalid.');
    const payment = await this.db
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirst();
    if (!payment) throw new GatewayRejectedError('The id provided does not exist');
    if (payment.status === 'refunded') {
      return { id: `rfnd_${paymentId.slice(4)}`, paymentId, amount: payment.amount_refunded, status: 'processed' };
    }
    if (payment.status !== 'captured' || amountPaise > payment.amount) {
      throw new GatewayRejectedError('The refund amount provided is greater than amount captured');
    }
    await this.db
      .updateTable('sandbox_payments')
      .set({ status: amountPaise === payment.amount ? 'refunded' : 'captured', amount_refunded: amountPaise })
      .where('id', '=', paymentId)
      .execute();
    return { id: `rfnd_${paymentId.slice(4)}`, paymentId, amount: amountPaise, status: 'processed' };
  }
}
