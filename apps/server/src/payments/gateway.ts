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
  kind: 'paid' | 'failed' | 'refunded' | 'other';
  /** The provider's order the event is about. */
  gatewayOrderId: string | undefined;
  payment: WebhookPayment | undefined;
  refund: { id: string; amount: number } | undefined;
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
}
