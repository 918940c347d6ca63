import { loadOrCreateSecret } from '../auth/secrets.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { PaymentGateway } from './gateway.js';
import { RazorpayGateway } from './razorpay-gateway.js';
import { SandboxGateway } from './sandbox-gateway.js';

export const RAZORPAY_CHECKOUT_JS = 'https://checkout.razorpay.com/v1/checkout.js';

/**
 * A production start without Razorpay keys sells in test mode: every "payment" is the sandbox's and no
 * money moves. Said loudly at start-up (server.ts), since nothing else on the way would tell.
 */
export function testModeWarning(config: Config): string | null {
  if (config.env !== 'production' || config.razorpay) return null;
  return [
    '',
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
    '!! WARNING: NODE_ENV=production but RAZORPAY_KEY_ID is not set.',
    '!! The shop is selling in TEST MODE: checkout uses the sandbox gateway and NO MONEY MOVES.',
    '!! Anyone can "pay" with the test widget and get the courses. Set RAZORPAY_KEY_ID,',
    '!! RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET to take real payments.',
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
    '',
  ].join('\n');
}

/** Razorpay when a key id is configured; otherwise the sandbox, so a fresh machine can take test payments. */
export function createGateway(config: Config, db: Db): PaymentGateway {
  if (config.razorpay) {
    return new RazorpayGateway({ ...config.razorpay, checkoutUrl: config.checkoutUrl ?? RAZORPAY_CHECKOUT_JS });
  }
  // The sandbox signs with random secrets per data folder, so its signatures are as unforgeable as real
  // ones; like Razorpay's key secret and webhook secret, one key never serves both purposes.
  const secrets = {
    payment: loadOrCreateSecret(config.dataDir, 'sandbox-payment-secret'),
    webhook: loadOrCreateSecret(config.dataDir, 'sandbox-secret'),
  };
  return new SandboxGateway(db, secrets, config.checkoutUrl ?? '/sandbox/checkout.js');
}
