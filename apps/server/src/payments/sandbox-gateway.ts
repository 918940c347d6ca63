import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { boundValues, preparedQuery } from '../db/prepared.js';
import type { SandboxOrdersTable, SandboxPaymentsTable, SandboxSubscriptionsTable } from '../db/schema.js';
import { cycleEnd } from './billing-cycles.js';
import {
  type GatewayOrder,
  type GatewayPayment,
  type GatewayPlan,
  type GatewayPlanPeriod,
  type GatewayRefund,
  GatewayRejectedError,
  type GatewaySubscription,
  type NewGatewayPlan,
  type PaymentGateway,
  type SubscriptionCharge,
  type SubscriptionEvent,
} from './gateway.js';
import {
  type RazorpaySubscriptionEntity,
  RazorpayWire,
  signedRazorpayWebhook,
  toGatewaySubscription,
} from './razorpay-wire.js';
import { paymentSignature, subscriptionSignature } from './signatures.js';

/** A webhook delivery as Razorpay would POST it: the exact body and its signed headers. */
export interface SignedWebhook {
  body: string;
  headers: Record<string, string>;
}

export type SandboxSubscribeResult = { razorpay_subscription_id: string; razorpay_payment_id: string } & (
  | { razorpay_signature: string }
  | { error: { code: string; description: string; source: string; step: string; reason: string } }
);

/** Like Razorpay: a subscription whose charge has failed this many times in a row is halted. */
export const SANDBOX_CHARGE_ATTEMPTS = 3;
/** What a card's authorisation costs when the first charge is later (a trial): ₹5, refunded at once. */
export const SANDBOX_AUTH_AMOUNT = 500;

type SubscriptionRow = SandboxSubscriptionsTable & {
  paid_count: number;
  failed_count: number;
  customer_notify: number;
  cancel_at_cycle_end: number;
};
type PlanRow = { period: GatewayPlanPeriod; interval_count: number; amount: number };
const PERIODS: readonly GatewayPlanPeriod[] = ['daily', 'weekly', 'monthly', 'yearly'];
const notesObject = (json: string): Record<string, string> => JSON.parse(json) as Record<string, string>;

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

  /**
   * Where the sandbox sends the webhooks Razorpay would send (set by the sandbox routes to the shop's own
   * webhook handler). Unset, they are only returned to the caller.
   */
  onWebhook: ((delivery: SignedWebhook) => Promise<unknown> | undefined) | undefined;
  private readonly sending = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly secrets: { payment: string; webhook: string },
    readonly checkoutUrl: string,
    /** The gateway's clock; tests pass their own. */
    private readonly clock: () => Date = () => new Date(),
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

  // ---- Subscriptions (decision 0036): Razorpay's plans and subscriptions in sandbox_plans/_subscriptions.

  private seconds(at: Date = this.clock()): number {
    return Math.floor(at.getTime() / 1000);
  }

  async createPlan(input: NewGatewayPlan): Promise<GatewayPlan> {
    if (!PERIODS.includes(input.period)) throw new GatewayRejectedError('The period is invalid.');
    if (!Number.isInteger(input.interval) || input.interval < 1)
      throw new GatewayRejectedError('The interval must be at least 1.');
    if (!Number.isInteger(input.amountPaise) || input.amountPaise < 100)
      throw new GatewayRejectedError('The amount must be atleast INR 1.00');
    const plan: GatewayPlan = {
      id: gatewayId('plan'),
      period: input.period,
      interval: input.interval,
      amountPaise: input.amountPaise,
      currency: 'INR',
      name: input.name,
      description: input.description,
      notes: input.notes,
    };
    await this.db
      .insertInto('sandbox_plans')
      .values({
        id: plan.id,
        period: plan.period,
        interval_count: plan.interval,
        amount: plan.amountPaise,
        name: plan.name,
        description: plan.description,
        notes: JSON.stringify(plan.notes),
        created_at: this.clock().toISOString(),
      })
      .execute();
    return plan;
  }

  async createSubscription(input: {
    gatewayPlanId: string;
    totalCount: number;
    startAt?: number;
    expireBy?: number;
    notes: Record<string, string>;
    customerNotify: boolean;
  }): Promise<GatewaySubscription> {
    const plan = await this.db
      .selectFrom('sandbox_plans')
      .select('id')
      .where('id', '=', input.gatewayPlanId)
      .executeTakeFirst();
    if (!plan) throw new GatewayRejectedError('The id provided does not exist');
    if (!Number.isInteger(input.totalCount) || input.totalCount < 1)
      throw new GatewayRejectedError('The total count must be at least 1.');
    if (input.startAt !== undefined && !(Number.isInteger(input.startAt) && input.startAt > this.seconds()))
      throw new GatewayRejectedError('Start time should be in future');
    if (input.expireBy !== undefined && !(Number.isInteger(input.expireBy) && input.expireBy > this.seconds()))
      throw new GatewayRejectedError('expire_by should be in future');
    const id = gatewayId('sub');
    await this.db
      .insertInto('sandbox_subscriptions')
      .values({
        id,
        plan_id: plan.id,
        status: 'created',
        total_count: input.totalCount,
        customer_notify: input.customerNotify ? 1 : 0,
        notes: JSON.stringify(input.notes),
        start_at: input.startAt ?? null,
        expire_by: input.expireBy ?? null,
        current_start: null,
        current_end: null,
        charge_at: input.startAt ?? null,
        ended_at: null,
        created_at: this.clock().toISOString(),
      })
      .execute();
    return this.fetchSubscription(id);
  }

  /**
   * The subscription as Razorpay holds it now: one never authorised is `expired` from its `expire_by` on,
   * whoever looks (the checkout, the shop's reads), as Razorpay expires it at that time.
   */
  private async subscriptionRow(id: string): Promise<SubscriptionRow> {
    const row = await this.db.selectFrom('sandbox_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new GatewayRejectedError('The id provided does not exist');
    if (row.status === 'created' && row.expire_by !== null && this.seconds() > row.expire_by) {
      await this.db
        .updateTable('sandbox_subscriptions')
        .set({ status: 'expired', ended_at: row.expire_by })
        .where('id', '=', row.id)
        .where('status', '=', 'created')
        .execute();
      return { ...row, status: 'expired', ended_at: row.expire_by } as SubscriptionRow;
    }
    return row as SubscriptionRow;
  }

  /** The row as Razorpay's subscription entity (what its API answers and its webhooks carry). */
  private entityOf(row: SubscriptionRow): RazorpaySubscriptionEntity & Record<string, unknown> {
    return {
      id: row.id,
      entity: 'subscription',
      plan_id: row.plan_id,
      customer_id: null,
      status: row.status,
      current_start: row.current_start,
      current_end: row.current_end,
      ended_at: row.ended_at,
      quantity: 1,
      notes: notesObject(row.notes),
      charge_at: row.charge_at,
      start_at: row.start_at,
      end_at: null,
      auth_attempts: row.failed_count,
      total_count: row.total_count,
      paid_count: row.paid_count,
      customer_notify: row.customer_notify === 1,
      created_at: this.seconds(new Date(row.created_at)),
      expire_by: row.expire_by,
      short_url: null,
      has_scheduled_changes: false,
      change_scheduled_at: null,
      remaining_count: row.total_count - row.paid_count,
    };
  }

  async fetchSubscription(gatewaySubscriptionId: string): Promise<GatewaySubscription> {
    return toGatewaySubscription(this.entityOf(await this.subscriptionRow(gatewaySubscriptionId)));
  }

  /**
   * As Razorpay: at once (`cancelled`, a `subscription.cancelled` webhook), or at the end of the paid
   * cycle: it stays `active`, is not charged again, and the renewal run cancels it when the cycle ends.
   * A subscription with no paid cycle yet is cancelled at once either way.
   */
  /** The subscription's captured (or since refunded) charges, oldest first; not a trial's authorisation. */
  async fetchSubscriptionCharges(gatewaySubscriptionId: string): Promise<SubscriptionCharge[]> {
    await this.subscriptionRow(gatewaySubscriptionId);
    const rows = await this.db
      .selectFrom('sandbox_payments')
      .innerJoin('sandbox_orders', 'sandbox_orders.id', 'sandbox_payments.order_id')
      .select([
        'sandbox_payments.id',
        'sandbox_payments.order_id',
        'sandbox_payments.amount',
        'sandbox_payments.status',
        'sandbox_payments.international',
        'sandbox_orders.notes',
      ])
      .where('sandbox_orders.receipt', '=', gatewaySubscriptionId)
      .where('sandbox_payments.status', 'in', ['captured', 'refunded'])
      .orderBy('sandbox_payments.created_at')
      .orderBy('sandbox_payments.id')
      .execute();
    return rows
      .filter((row) => (JSON.parse(row.notes ?? '{}') as { authorisation?: boolean }).authorisation !== true)
      .map((row) => ({
        id: row.id,
        amount: row.amount,
        currency: 'INR',
        status: row.status as SubscriptionCharge['status'],
        international: row.international === 1,
        invoiceId: `inv_${row.id.slice(4)}`,
        orderId: row.order_id,
      }));
  }

  async cancelSubscription(
    gatewaySubscriptionId: string,
    options: { atCycleEnd: boolean },
  ): Promise<GatewaySubscription> {
    const row = await this.subscriptionRow(gatewaySubscriptionId);
    if (['cancelled', 'completed', 'expired'].includes(row.status))
      throw new GatewayRejectedError(`Subscription is not cancellable in ${row.status} status.`);
    if (options.atCycleEnd && row.current_end !== null) {
      await this.db
        .updateTable('sandbox_subscriptions')
        .set({ cancel_at_cycle_end: 1, charge_at: row.current_end })
        .where('id', '=', row.id)
        .execute();
      return this.fetchSubscription(row.id);
    }
    const now = this.seconds();
    await this.db
      .updateTable('sandbox_subscriptions')
      .set({ status: 'cancelled', ended_at: now, charge_at: null })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .execute();
    const cancelled = await this.subscriptionRow(row.id);
    this.send([this.webhook('subscription.cancelled', cancelled, undefined, now)]);
    return toGatewaySubscription(this.entityOf(cancelled));
  }

  /** As Razorpay: only an active subscription pauses; it is not charged while paused (`subscription.paused`). */
  async pauseSubscription(gatewaySubscriptionId: string): Promise<GatewaySubscription> {
    const row = await this.subscriptionRow(gatewaySubscriptionId);
    if (row.status !== 'active')
      throw new GatewayRejectedError(`Subscription cannot be paused in ${row.status} status.`);
    return this.changeStatus(row, 'paused', { status: 'paused', charge_at: null }, 'subscription.paused');
  }

  /**
   * As Razorpay: only a paused subscription resumes (`subscription.resumed`); it is charged again at the
   * end of the cycle it had paid for, or at the next renewal run if that has passed.
   */
  async resumeSubscription(gatewaySubscriptionId: string): Promise<GatewaySubscription> {
    const row = await this.subscriptionRow(gatewaySubscriptionId);
    if (row.status !== 'paused')
      throw new GatewayRejectedError(`Subscription cannot be resumed in ${row.status} status.`);
    const now = this.seconds();
    const chargeAt = row.cancel_at_cycle_end === 1 ? row.current_end : Math.max(row.current_end ?? now, now);
    return this.changeStatus(row, 'active', { status: 'active', charge_at: chargeAt }, 'subscription.resumed');
  }

  private async changeStatus(
    row: SubscriptionRow,
    status: SubscriptionRow['status'],
    changes: { status: SubscriptionRow['status']; charge_at: number | null },
    event: SubscriptionEvent,
  ): Promise<GatewaySubscription> {
    const result = await this.db
      .updateTable('sandbox_subscriptions')
      .set(changes)
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .executeTakeFirst();
    const after = await this.subscriptionRow(row.id);
    if (Number(result.numUpdatedRows) === 1 && after.status === status)
      this.send([this.webhook(event, after, undefined, this.seconds())]);
    return toGatewaySubscription(this.entityOf(after));
  }

  private webhook(
    event: SubscriptionEvent,
    row: SubscriptionRow,
    payment: Record<string, unknown> | undefined,
    at: number,
  ): SignedWebhook {
    return signedRazorpayWebhook(
      this.secrets.webhook,
      event,
      payment ? { subscription: this.entityOf(row), payment } : { subscription: this.entityOf(row) },
      at,
    );
  }

  private send(deliveries: SignedWebhook[]): SignedWebhook[] {
    for (const delivery of deliveries) {
      const handled = this.onWebhook?.(delivery);
      if (!handled) continue;
      const tracked: Promise<unknown> = handled.then(
        () => this.sending.delete(tracked),
        () => this.sending.delete(tracked),
      );
      this.sending.add(tracked);
    }
    return deliveries;
  }

  /** Resolves once every webhook handed to `onWebhook` so far has been handled (tests, and closing the app). */
  async webhooksSettled(): Promise<void> {
    while (this.sending.size > 0) await Promise.all([...this.sending]);
  }

  /** One charge: Razorpay's order and payment for the cycle's invoice, in sandbox_orders and _payments. */
  private async recordCharge(
    trx: Db,
    row: SubscriptionRow,
    amount: number,
    outcome: 'captured' | 'failed' | 'refunded',
    at: number,
  ): Promise<Record<string, unknown>> {
    const orderId = gatewayId('order');
    const paymentId = gatewayId('pay');
    const createdAt = new Date(at * 1000).toISOString();
    await trx
      .insertInto('sandbox_orders')
      .values({
        id: orderId,
        amount,
        currency: 'INR',
        status: outcome === 'failed' ? 'attempted' : 'paid',
        receipt: row.id,
        // A trial's authorisation (refunded at once) is on no invoice of the subscription.
        notes: JSON.stringify({ subscription_id: row.id, ...(outcome === 'refunded' ? { authorisation: true } : {}) }),
        created_at: createdAt,
      })
      .execute();
    await trx
      .insertInto('sandbox_payments')
      .values({
        id: paymentId,
        order_id: orderId,
        amount,
        status: outcome,
        amount_refunded: outcome === 'refunded' ? amount : 0,
        international: 0,
        created_at: createdAt,
      })
      .execute();
    return {
      id: paymentId,
      entity: 'payment',
      amount,
      currency: 'INR',
      status: outcome,
      order_id: orderId,
      invoice_id: `inv_${paymentId.slice(4)}`,
      international: false,
      method: 'upi',
      amount_refunded: outcome === 'refunded' ? amount : 0,
      captured: outcome !== 'failed',
      error_code: outcome === 'failed' ? 'BAD_REQUEST_ERROR' : null,
      error_description: outcome === 'failed' ? 'Payment failed (sandbox)' : null,
      created_at: at,
    };
  }

  /**
   * What the widget does for a subscription, as Razorpay's checkout: the buyer authorises the mandate.
   * Without a later `start_at` the authorisation is the first charge (authenticated, activated, charged);
   * with one (a trial) it is a ₹5 payment refunded at once and the subscription waits, `authenticated`,
   * until `start_at`. Answered signed as `payment_id|subscription_id`; a failed one with Razorpay's error.
   */
  async authenticate(
    gatewaySubscriptionId: string,
    outcome: 'captured' | 'failed',
  ): Promise<{ answer: SandboxSubscribeResult; webhooks: SignedWebhook[] }> {
    const row = await this.subscriptionRow(gatewaySubscriptionId);
    if (row.status !== 'created')
      throw new GatewayRejectedError(`Subscription cannot be authenticated in ${row.status} status.`);
    const plan = await this.planOf(row);
    const now = this.seconds();
    const trial = row.start_at !== null && row.start_at > now;
    const firstCharge = !trial && outcome === 'captured';
    const end = cycleEnd(now, plan.period, plan.interval_count);
    const completes = firstCharge && row.total_count <= 1;
    const payment = await this.db.transaction().execute(async (trx) => {
      const charged = await this.recordCharge(
        trx,
        row,
        trial ? SANDBOX_AUTH_AMOUNT : plan.amount,
        outcome === 'failed' ? 'failed' : trial ? 'refunded' : 'captured',
        now,
      );
      if (outcome === 'captured') {
        await trx
          .updateTable('sandbox_subscriptions')
          .set(
            trial
              ? { status: 'authenticated' }
              : {
                  status: completes ? 'completed' : 'active',
                  paid_count: 1,
                  current_start: now,
                  current_end: end,
                  charge_at: completes ? null : end,
                  ended_at: completes ? now : null,
                },
          )
          .where('id', '=', row.id)
          .where('status', '=', 'created')
          .execute();
      }
      return charged;
    });
    const paymentId = String(payment.id);
    if (outcome === 'failed') {
      return {
        answer: {
          razorpay_subscription_id: row.id,
          razorpay_payment_id: paymentId,
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Payment failed (sandbox)',
            source: 'customer',
            step: 'payment_authorization',
            reason: 'payment_failed',
          },
        },
        webhooks: [],
      };
    }
    const after = await this.subscriptionRow(row.id);
    // The events in Razorpay's order; each carries the subscription as it is now.
    const authenticated = { ...after, status: 'authenticated' as const };
    const events: SignedWebhook[] = [this.webhook('subscription.authenticated', authenticated, undefined, now)];
    if (firstCharge) {
      const active = { ...after, status: 'active' as const };
      events.push(this.webhook('subscription.activated', active, undefined, now));
      events.push(this.webhook('subscription.charged', active, payment, now));
      if (completes) events.push(this.webhook('subscription.completed', after, undefined, now));
    }
    return {
      answer: {
        razorpay_subscription_id: row.id,
        razorpay_payment_id: paymentId,
        razorpay_signature: subscriptionSignature(this.secrets.payment, row.id, paymentId),
      },
      webhooks: this.send(events),
    };
  }

  private async planOf(row: SubscriptionRow): Promise<PlanRow> {
    return this.db
      .selectFrom('sandbox_plans')
      .select(['period', 'interval_count', 'amount'])
      .where('id', '=', row.plan_id)
      .executeTakeFirstOrThrow();
  }

  /**
   * The renewal run (`sandbox:renew`): every subscription whose `charge_at` is at or before `now` is
   * charged the plan's amount for its next cycle, or (`fail`) its charge fails: `pending`, and `halted`
   * after SANDBOX_CHARGE_ATTEMPTS failures in a row, as Razorpay's retries end. A halted subscription is
   * left alone by a failing run; a succeeding run charges it (as the buyer paying the due invoice) and it
   * is active again. One cancelled at cycle end is cancelled instead once its cycle is over. Returns the
   * webhooks Razorpay would send, in order (each given to `onWebhook`, and its handling awaited).
   */
  async chargeDueSubscriptions(now: Date, options: { fail?: boolean } = {}): Promise<SignedWebhook[]> {
    const at = this.seconds(now);
    const statuses: SubscriptionRow['status'][] = options.fail
      ? ['authenticated', 'active', 'pending']
      : ['authenticated', 'active', 'pending', 'halted'];
    const due = (await this.db
      .selectFrom('sandbox_subscriptions')
      .selectAll()
      .where('charge_at', '<=', at)
      .where('status', 'in', statuses)
      .orderBy('charge_at')
      .orderBy('id')
      .execute()) as SubscriptionRow[];
    const plans = new Map<string, PlanRow>();
    const deliveries: SignedWebhook[] = [];
    for (const row of due) {
      let plan = plans.get(row.plan_id);
      if (!plan) {
        plan = await this.planOf(row);
        plans.set(row.plan_id, plan);
      }
      const hooks = await this.renew(row, plan, at, options.fail === true);
      deliveries.push(...hooks);
      // Handed over one at a time, in order, as Razorpay's webhooks reach a shop over the day: a run of
      // 10,000 renewals never has 20,000 handlers waiting at once on one database connection (whose
      // waiters all wake at each release, so the run slowed with the square of its size), nor holds
      // 20,000 deliveries in memory.
      for (const hook of hooks) await this.onWebhook?.(hook)?.catch(() => undefined);
    }
    return deliveries;
  }

  private async renew(row: SubscriptionRow, plan: PlanRow, at: number, fail: boolean): Promise<SignedWebhook[]> {
    // Each change is made only if the row is still as read, so two runs at once charge a cycle once.
    const unchanged = (trx: Db) =>
      trx
        .updateTable('sandbox_subscriptions')
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .where('charge_at', '=', row.charge_at)
        .where('paid_count', '=', row.paid_count)
        .where('failed_count', '=', row.failed_count);
    if (row.cancel_at_cycle_end === 1) {
      const ended = row.current_end ?? at;
      const result = await unchanged(this.db)
        .set({ status: 'cancelled', ended_at: ended, charge_at: null })
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return [];
      return [this.webhook('subscription.cancelled', await this.subscriptionRow(row.id), undefined, at)];
    }
    if (fail) {
      const failed = row.failed_count + 1;
      const status = failed >= SANDBOX_CHARGE_ATTEMPTS ? 'halted' : 'pending';
      const changed = await this.db.transaction().execute(async (trx) => {
        const result = await unchanged(trx).set({ status, failed_count: failed }).executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await this.recordCharge(trx, row, plan.amount, 'failed', at);
        return true;
      });
      if (!changed) return [];
      const after = await this.subscriptionRow(row.id);
      return [this.webhook(status === 'halted' ? 'subscription.halted' : 'subscription.pending', after, undefined, at)];
    }
    // A cycle starts when it was due; a halted one that is paid again starts afresh now.
    const start = row.status === 'halted' ? at : (row.charge_at ?? at);
    const end = cycleEnd(start, plan.period, plan.interval_count);
    const paid = row.paid_count + 1;
    const completes = paid >= row.total_count;
    const payment = await this.db.transaction().execute(async (trx) => {
      const result = await unchanged(trx)
        .set({
          status: completes ? 'completed' : 'active',
          paid_count: paid,
          failed_count: 0,
          current_start: start,
          current_end: end,
          charge_at: completes ? null : end,
          ended_at: completes ? at : null,
        })
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      return this.recordCharge(trx, row, plan.amount, 'captured', at);
    });
    if (!payment) return [];
    const after = await this.subscriptionRow(row.id);
    const active = { ...after, status: 'active' as const };
    const events: SignedWebhook[] = [];
    if (row.status === 'authenticated' || row.status === 'halted')
      events.push(this.webhook('subscription.activated', active, undefined, at));
    events.push(this.webhook('subscription.charged', active, payment, at));
    if (completes) events.push(this.webhook('subscription.completed', after, undefined, at));
    return events;
  }
}
