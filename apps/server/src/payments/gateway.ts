/** A payment as the gateway reports it (Razorpay's payment entity, the fields we use). */
export interface GatewayPayment {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  amountRefunded: number;
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

/**
 * What the shop needs from a payment provider. `razorpay` talks to Razorpay's API; `sandbox` is the
 * same shape served by our own server, for a fresh machine and for tests.
 */
export interface PaymentGateway {
  readonly mode: 'razorpay' | 'sandbox';
  /** The public key id the checkout widget needs; never a secret. */
  readonly keyId: string;
  /** Where the browser loads the checkout widget from. */
  readonly checkoutUrl: string;
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  fetchOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]>;
  refundPayment(paymentId: string, amountPaise: number, idempotencyKey: string): Promise<GatewayRefund>;
  verifyPaymentSignature(gatewayOrderId: string, paymentId: string, signature: string | undefined): boolean;
  verifyWebhookSignature(rawBody: Buffer | string, signature: string | undefined): boolean;
}
