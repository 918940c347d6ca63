/** A payment as the gateway reports it (Razorpay's payment entity, the fields we use). */
export interface GatewayPayment {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  amountRefunded: number;
  /** Paid with a card issued abroad (Razorpay's `international`); an export claim is checked against it. */
  international: boolean;
}

export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
  status: 'created' | 'attempted' | 'paid';
}

export interface GatewayRefund {
  id: string;
  paymentId: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
}

/** Razorpay's plan periods; a quarter is `monthly` with `interval: 3`. */
export type GatewayPlanPeriod = 'daily' | 'weekly' | 'monthly' | 'yearly';

/** A plan at the gateway (Razorpay's plan entity): immutable, so a new price is a new plan. */
/** What `createPlan` sends: a plan as Razorpay takes it (its `currency` is always INR here). */
export type NewGatewayPlan = Omit<GatewayPlan, 'id' | 'currency'>;

export interface GatewayPlan {
  id: string;
  period: GatewayPlanPeriod;
  /** How many periods one billing cycle spans (3 monthly periods = a quarter). */
  interval: number;
  amountPaise: number;
  currency: string;
  name: string;
  description: string;
  notes: Record<string, string>;
}

export type GatewaySubscriptionStatus =
  | 'created'
  | 'authenticated'
  | 'active'
  | 'pending'
  | 'halted'
  | 'cancelled'
  | 'completed'
  | 'paused'
  | 'expired';

/**
 * A subscription as the gateway holds it (Razorpay's subscription entity, the fields we use). Every time
 * is in Unix SECONDS, as Razorpay sends them (multiply by 1000 for a Date), or null while not set.
 */
export interface GatewaySubscription {
  id: string;
  planId: string;
  status: GatewaySubscriptionStatus;
  /** Billing cycles in all (Razorpay's `total_count`) and cycles paid so far (`paid_count`). */
  totalCount: number;
  paidCount: number;
  /** The cycle paid for now: its start and end (`current_start`, `current_end`). */
  currentStart: number | null;
  currentEnd: number | null;
  /** When the next charge is due (`charge_at`); null once nothing more will be charged. */
  chargeAt: number | null;
  /** When the first charge is due (`start_at`): a later date than the authorisation is a free trial. */
  startAt: number | null;
  /** When it ended (cancelled, completed, expired) (`ended_at`). */
  endedAt: number | null;
  customerNotify: boolean;
  notes: Record<string, string>;
}

/** Razorpay's subscription webhooks, every one the shop acts on. */
export const SUBSCRIPTION_EVENTS = [
  'subscription.authenticated',
  'subscription.activated',
  'subscription.charged',
  'subscription.pending',
  'subscription.halted',
  'subscription.cancelled',
  'subscription.completed',
  'subscription.paused',
  'subscription.resumed',
] as const;
export type SubscriptionEvent = (typeof SUBSCRIPTION_EVENTS)[number];

/** The charge a `subscription.charged` delivery carries (its payment entity, the fields we use). */
export interface SubscriptionCharge {
  id: string;
  amount: number;
  currency: string;
  status: 'captured' | 'authorized' | 'failed' | 'refunded' | 'created';
  international: boolean;
  /** The gateway's invoice for this cycle (`invoice_id`), when it says. */
  invoiceId: string | null;
  /** The gateway's order the charge was made on (`order_id`), when it says. */
  orderId: string | null;
}

/** A subscription webhook read: the event, the subscription as it was then, and the charge if any. */
export interface SubscriptionDelivery {
  event: SubscriptionEvent;
  subscription: GatewaySubscription;
  /** Present for `subscription.charged` (and whenever the payload carries a payment entity). */
  payment: SubscriptionCharge | undefined;
}

/** The checkout's answer to a subscription's authorisation, in the shop's terms. */
export interface SubscriptionConfirmation {
  gatewaySubscriptionId: string;
  paymentId: string;
  signature: string;
}

/** The gateway could not be reached or answered with a server error: nothing may be assumed. */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
}

/** The gateway refused the request (bad amount, bad auth): retrying the same request will not help. */
export class GatewayRejectedError extends Error {
  override name = 'GatewayRejectedError';
}

/** A payment as a provider's webhook describes it, in the shop's terms. */
export interface WebhookPayment {
  id: string;
  /** The provider's order the payment belongs to. */
  gatewayOrderId: string;
  amount: number;
  /** How much of it has been refunded in all, when the provider says. */
  amountRefunded?: number;
  /** The provider's words for a failure, for the order's history. */
  failure?: string;
}

/**
 * One webhook delivery, read by its provider's adapter into the one shape the orders module acts on:
 * a payment captured (`paid`), a payment `failed`, a refund processed (`refunded`), or anything `other`.
 */
export interface WebhookDelivery {
  /** The provider's id of this delivery; a repeat carries the same one. Absent when it sends none. */
  eventId: string | undefined;
  /** The provider's own name for the event, kept with the id. */
  type: string;
  kind: 'paid' | 'failed' | 'refunded' | 'subscription' | 'other';
  /** The provider's order the event is about. */
  gatewayOrderId: string | undefined;
  payment: WebhookPayment | undefined;
  refund: { id: string; amount: number } | undefined;
  /** Set exactly when `kind` is 'subscription' (one of SUBSCRIPTION_EVENTS with its subscription entity). */
  subscription?: SubscriptionDelivery;
}

/** A delivery read, or why not: its signature does not match, or its body cannot be read. */
export type WebhookReading = { ok: true; delivery: WebhookDelivery } | { ok: false; reason: 'signature' | 'body' };

/** The buyer's browser's word that a payment went through, in the shop's terms. */
export interface PaymentConfirmation {
  gatewayOrderId: string;
  paymentId: string;
  /** The provider's proof, checked by `verifyPaymentSignature` against the order id we stored. */
  signature: string;
}

/**
 * What the shop needs from a payment provider (a port; decision 0024). `razorpay` talks to Razorpay's
 * API; `sandbox` is the same shape served by our own server, for a fresh machine and for tests. A new
 * provider is a folder implementing this and one line in providers.ts.
 */
export interface PaymentGateway {
  /** Stored as the order's `gateway`: the provider's name (payments/providers.ts). */
  readonly mode: string;
  /**
   * The last part of its webhook URL, `/api/webhooks/<name>`: the provider whose deliveries it reads
   * (the sandbox reads Razorpay's, so Razorpay's URL serves both).
   */
  readonly webhookName: string;
  /** Hosts the checkout widget needs in the page's Content-Security-Policy, by directive. */
  readonly contentSecurity: { scriptSrc: string[]; connectSrc: string[]; frameSrc: string[] };
  /** The public key id the checkout widget needs; never a secret. */
  readonly keyId: string;
  /** Where the browser loads the checkout widget from. */
  readonly checkoutUrl: string;
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  fetchOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]>;
  refundPayment(paymentId: string, amountPaise: number, idempotencyKey: string): Promise<GatewayRefund>;
  verifyPaymentSignature(gatewayOrderId: string, paymentId: string, signature: string | undefined): boolean;
  verifyWebhookSignature(rawBody: Buffer | string, signature: string | undefined): boolean;
  /** Checks a webhook's signature over its exact bytes and reads it. */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookReading;
  /** Reads the browser's confirmation (the checkout's answer, passed on by the web app). */
  readConfirmation(body: Record<string, unknown>): PaymentConfirmation | null;

  // Subscriptions (decision 0036). Razorpay's plans and subscriptions; a provider without them refuses
  // every call with GatewayRejectedError and verifies no signature.
  /** `POST /v1/plans`. */
  createPlan(input: NewGatewayPlan): Promise<GatewayPlan>;
  /**
   * `POST /v1/subscriptions`. Razorpay requires `totalCount`; an open-ended membership passes a long run
   * (openEndedTotalCount). `startAt` (Unix seconds) later than now makes the first charge wait (a trial).
   * `expireBy` (Unix seconds, Razorpay's `expire_by`): the last moment the customer may authorise it;
   * after it the gateway refuses the authorisation.
   */
  createSubscription(input: {
    gatewayPlanId: string;
    totalCount: number;
    startAt?: number;
    expireBy?: number;
    notes: Record<string, string>;
    customerNotify: boolean;
  }): Promise<GatewaySubscription>;
  /** `GET /v1/subscriptions/{id}`. */
  fetchSubscription(gatewaySubscriptionId: string): Promise<GatewaySubscription>;
  /**
   * Every charge made on the subscription's invoices, oldest first, as the gateway holds it now (captured,
   * or refunded since): `GET /v1/invoices?subscription_id=`, each paid invoice's payment read with `GET
   * /v1/payments/{id}`. A trial's authorisation payment is on no invoice and is not listed. What a lost
   * webhook or a cut-off verify would have told: reconciliation and verify read charges from here.
   */
  fetchSubscriptionCharges(gatewaySubscriptionId: string): Promise<SubscriptionCharge[]>;
  /**
   * `POST /v1/subscriptions/{id}/cancel`: at once, or (`atCycleEnd`) when the paid cycle ends; until then
   * the subscription stays `active` and is not charged again.
   */
  cancelSubscription(gatewaySubscriptionId: string, options: { atCycleEnd: boolean }): Promise<GatewaySubscription>;
  /** `POST /v1/subscriptions/{id}/pause` (`pause_at: now`): only an active one; not charged while paused. */
  pauseSubscription(gatewaySubscriptionId: string): Promise<GatewaySubscription>;
  /** `POST /v1/subscriptions/{id}/resume` (`resume_at: now`): only a paused one; charged again from its next due date. */
  resumeSubscription(gatewaySubscriptionId: string): Promise<GatewaySubscription>;
  /** Razorpay's subscription checkout signature: HMAC-SHA256 of `payment_id|subscription_id`, key secret. */
  verifySubscriptionSignature(gatewaySubscriptionId: string, paymentId: string, signature: string | undefined): boolean;
  /** Reads the checkout's answer to a subscription (`razorpay_payment_id`, `_subscription_id`, `_signature`). */
  readSubscriptionConfirmation(body: Record<string, unknown>): SubscriptionConfirmation | null;
}

/**
 * Razorpay needs a `total_count` even for a membership with no end; it allows up to 100 years of cycles.
 * Ten years of cycles is "until cancelled" for the shop (120 monthly, 40 quarterly, 10 yearly).
 */
export function openEndedTotalCount(period: GatewayPlanPeriod, interval: number): number {
  const perYear = { daily: 365, weekly: 52, monthly: 12, yearly: 1 }[period];
  return Math.max(1, Math.floor((perYear * 10) / Math.max(1, interval)));
}
