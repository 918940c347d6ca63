import { loadOrCreateSecret } from '../auth/secrets.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { PaymentGateway } from './gateway.js';
import { RazorpayGateway } from './razorpay-gateway.js';
import { SandboxGateway } from './sandbox-gateway.js';

export const RAZORPAY_CHECKOUT_JS = 'https://checkout.razorpay.com/v1/checkout.js';

/** Razorpay when a key id is configured; otherwise the sandbox, so a fresh machine can take test payments. */
export function createGateway(config: Config, db: Db): PaymentGateway {
  const env = config.raw;
  if (env.RAZORPAY_KEY_ID) {
    return new RazorpayGateway({
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET ?? '',
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? '',
      apiUrl: env.RAZORPAY_API_URL,
      checkoutUrl: env.RAZORPAY_CHECKOUT_URL ?? RAZORPAY_CHECKOUT_JS,
    });
  }
  // The sandbox signs with a random secret per data folder, so its signatures are as unforgeable as real ones.
  const secret = loadOrCreateSecret(config.dataDir, 'sandbox-secret');
  return new SandboxGateway(db, secret, env.RAZORPAY_CHECKOUT_URL ?? '/sandbox/checkout.js');
}
