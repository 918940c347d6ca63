import {
  type GatewayOrder,
  type GatewayPayment,
  type GatewayPlan,
  type GatewayPlanPeriod,
  type GatewayRefund,
  GatewayRejectedError,
  type GatewaySubscription,
  GatewayUnavailableError,
  type NewGatewayPlan,
  type PaymentGateway,
  type SubscriptionCharge,
} from './gateway.js';
import {
  type PaymentEntity,
  type RazorpaySubscriptionEntity,
  RazorpayWire,
  toGatewaySubscription,
  toSubscriptionCharge,
} from './razorpay-wire.js';

/** What Razorpay's checkout needs in the page's Content-Security-Policy (its script, API and frames). */
export const RAZORPAY_CONTENT_SECURITY = {
  scriptSrc: ['https://checkout.razorpay.com'],
  connectSrc: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  frameSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
};

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiUrl: string;
  checkoutUrl: string;
  /** Give up on a slow gateway after this long, so a checkout answers within seconds either way. */
  timeoutMs?: number;
}

interface RazorpayPaymentEntity {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: GatewayPayment['status'];
  amount_refunded?: number;
  international?: boolean;
}

/** Razorpay's plan entity: the price is its `item`. */
interface RazorpayPlanEntity {
  id: string;
  period: GatewayPlanPeriod;
  interval: number;
  item: { name: string; description: string | null; amount: number; currency: string };
  notes: Record<string, string> | unknown[] | null;
}

export function toGatewayPlan(entity: RazorpayPlanEntity): GatewayPlan {
  return {
    id: entity.id,
    period: entity.period,
    interval: entity.interval,
    amountPaise: entity.item.amount,
    currency: entity.item.currency,
    name: entity.item.name,
    description: entity.item.description ?? '',
    notes: entity.notes && !Array.isArray(entity.notes) ? (entity.notes as Record<string, string>) : {},
  };
}

export function toGatewayPayment(entity: RazorpayPaymentEntity): GatewayPayment {
  return {
    id: entity.id,
    orderId: entity.order_id,
    amount: entity.amount,
    currency: entity.currency,
    status: entity.status,
    amountRefunded: entity.amount_refunded ?? 0,
    // Razorpay documents the field on every payment; one that lacks it is not counted as from abroad.
    international: entity.international === true,
  };
}

/** Razorpay's Orders and Payments API over fetch, with Basic auth `key_id:key_secret`. */
export class RazorpayGateway extends RazorpayWire implements PaymentGateway {
  readonly mode = 'razorpay';
  readonly webhookName = 'razorpay';
  readonly contentSecurity = RAZORPAY_CONTENT_SECURITY;
  readonly keyId: string;
  readonly checkoutUrl: string;
  private readonly auth: string;

  constructor(private readonly options: RazorpayOptions) {
    super({ payment: options.keySecret, webhook: options.webhookSecret });
    this.keyId = options.keyId;
    this.checkoutUrl = options.checkoutUrl;
    this.auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.options.apiUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: { authorization: this.auth, 'content-type': 'application/json', ...headers },
        // Stryker disable next-line ConditionalExpression: JSON.stringify(undefined) is undefined too; the test says what is meant
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 8_000),
      });
    } catch (error) {
      throw new GatewayUnavailableError(`payment gateway unreachable: ${(error as Error).message}`);
    }
    const text = await res.text();
    if (res.status >= 500) throw new GatewayUnavailableError(`payment gateway answered ${res.status}`);
    let json: T & { error?: { description?: string } };
    try {
      json = text ? JSON.parse(text) : {};
      if (typeof json !== 'object' || json === null) throw new TypeError();
    } catch {
      // Not Razorpay's JSON object (a proxy's error page, a cut-off answer): a refusal stays a refusal; a
      // success whose body cannot be read tells us nothing, like an outage.
      if (!res.ok) throw new GatewayRejectedError(`payment gateway refused (${res.status})`);
      throw new GatewayUnavailableError(`payment gateway answered ${res.status} with a body that is not JSON`);
    }
    if (!res.ok) throw new GatewayRejectedError(json.error?.description ?? `payment gateway refused (${res.status})`);
    return json;
  }

  async createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<GatewayOrder> {
    const order = await this.call<GatewayOrder>('POST', '/orders', {
      amount: input.amountPaise,
      currency: 'INR',
      receipt: input.receipt,
      notes: input.notes,
    });
    return { id: order.id, amount: order.amount, currency: order.currency, status: order.status };
  }

  async fetchOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]> {
    const list = await this.call<{ items: RazorpayPaymentEntity[] }>(
      'GET',
      `/orders/${encodeURIComponent(gatewayOrderId)}/payments`,
    );
    return list.items.map(toGatewayPayment);
  }

  /**
   * `POST /payments/{id}/refund` with Razorpay's `X-Refund-Idempotency` header: a retry with the same key
   * and the same body returns the first refund instead of refunding again (docs: "Create a Normal Refund
   * (Idempotent Request)"). The body is derived from the key and amount only, so retries match it.
   */
  async refundPayment(paymentId: string, amountPaise: number, idempotencyKey: string): Promise<GatewayRefund> {
    const refund = await this.call<{ id: string; payment_id: string; amount: number; status: GatewayRefund['status'] }>(
      'POST',
      `/payments/${encodeURIComponent(paymentId)}/refund`,
      { amount: amountPaise, speed: 'normal', receipt: idempotencyKey.slice(0, 40) },
      { 'x-refund-idempotency': idempotencyKey },
    );
    return { id: refund.id, paymentId: refund.payment_id, amount: refund.amount, status: refund.status };
  }

  /** `POST /plans`: the price as the plan's `item` in paise, INR. */
  async createPlan(input: NewGatewayPlan): Promise<GatewayPlan> {
    const plan = await this.call<RazorpayPlanEntity>('POST', '/plans', {
      period: input.period,
      interval: input.interval,
      item: { name: input.name, amount: input.amountPaise, currency: 'INR', description: input.description },
      notes: input.notes,
    });
    return toGatewayPlan(plan);
  }

  /** `POST /subscriptions`, one of the plan per subscription (`quantity: 1`). */
  async createSubscription(input: {
    gatewayPlanId: string;
    totalCount: number;
    startAt?: number;
    expireBy?: number;
    notes: Record<string, string>;
    customerNotify: boolean;
  }): Promise<GatewaySubscription> {
    const subscription = await this.call<RazorpaySubscriptionEntity>('POST', '/subscriptions', {
      plan_id: input.gatewayPlanId,
      total_count: input.totalCount,
      quantity: 1,
      customer_notify: input.customerNotify ? 1 : 0,
      ...(input.startAt === undefined ? {} : { start_at: input.startAt }),
      ...(input.expireBy === undefined ? {} : { expire_by: input.expireBy }),
      notes: input.notes,
    });
    return toGatewaySubscription(subscription);
  }

  async fetchSubscription(gatewaySubscriptionId: string): Promise<GatewaySubscription> {
    return toGatewaySubscription(
      await this.call<RazorpaySubscriptionEntity>('GET', `/subscriptions/${encodeURIComponent(gatewaySubscriptionId)}`),
    );
  }

  /** `GET /invoices?subscription_id=` page by page (100 a page), then each paid invoice's payment. */
  async fetchSubscriptionCharges(gatewaySubscriptionId: string): Promise<SubscriptionCharge[]> {
    const paymentIds: string[] = [];
    for (let skip = 0; ; skip += 100) {
      const page = await this.call<{ items: { payment_id?: string | null; status?: string }[] }>(
        'GET',
        `/invoices?subscription_id=${encodeURIComponent(gatewaySubscriptionId)}&count=100&skip=${skip}`,
      );
      for (const invoice of page.items) {
        if (invoice.status === 'paid' && invoice.payment_id) paymentIds.push(invoice.payment_id);
      }
      if (page.items.length < 100) break;
    }
    const charges: SubscriptionCharge[] = [];
    for (const paymentId of paymentIds) {
      charges.push(
        toSubscriptionCharge(await this.call<PaymentEntity>('GET', `/payments/${encodeURIComponent(paymentId)}`)),
      );
    }
    return charges;
  }

  /** `POST /subscriptions/{id}/cancel` with Razorpay's `cancel_at_cycle_end` (0: now, 1: when the cycle ends). */
  async cancelSubscription(
    gatewaySubscriptionId: string,
    options: { atCycleEnd: boolean },
  ): Promise<GatewaySubscription> {
    return toGatewaySubscription(
      await this.call<RazorpaySubscriptionEntity>(
        'POST',
        `/subscriptions/${encodeURIComponent(gatewaySubscriptionId)}/cancel`,
        { cancel_at_cycle_end: options.atCycleEnd ? 1 : 0 },
      ),
    );
  }

  async pauseSubscription(gatewaySubscriptionId: string): Promise<GatewaySubscription> {
    return toGatewaySubscription(
      await this.call<RazorpaySubscriptionEntity>(
        'POST',
        `/subscriptions/${encodeURIComponent(gatewaySubscriptionId)}/pause`,
        { pause_at: 'now' },
      ),
    );
  }

  async resumeSubscription(gatewaySubscriptionId: string): Promise<GatewaySubscription> {
    return toGatewaySubscription(
      await this.call<RazorpaySubscriptionEntity>(
        'POST',
        `/subscriptions/${encodeURIComponent(gatewaySubscriptionId)}/resume`,
        { resume_at: 'now' },
      ),
    );
  }
}
