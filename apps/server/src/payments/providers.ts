import { secretFor } from '../auth/secrets.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { PaymentGateway } from './gateway.js';
import { RazorpayGateway } from './razorpay-gateway.js';
import { SandboxGateway } from './sandbox-gateway.js';

export const RAZORPAY_CHECKOUT_JS = 'https://checkout.razorpay.com/v1/checkout.js';

/** A payment provider the shop can sell through: its adapter, made when its settings are present. */
export interface PaymentProvider {
  /** Stored as each order's `gateway` (checked here, not by the database: migration 023). */
  readonly name: string;
  /** The provider's gateway, or null when it is not configured (the next provider in the list is tried). */
  create(config: Config, db: Db): PaymentGateway | null;
}

const razorpay: PaymentProvider = {
  name: 'razorpay',
  create: (config) =>
    config.razorpay &&
    new RazorpayGateway({ ...config.razorpay, checkoutUrl: config.checkoutUrl ?? RAZORPAY_CHECKOUT_JS }),
};

/** Always available: a fresh machine takes test payments without any provider's account. */
const sandbox: PaymentProvider = {
  name: 'sandbox',
  create: (config, db) =>
    // The sandbox signs with random secrets per data folder, so its signatures are as unforgeable as real
    // ones; like Razorpay's key secret and webhook secret, one key never serves both purposes.
    new SandboxGateway(
      db,
      {
        payment: secretFor(config, 'sandbox-payment-secret'),
        webhook: secretFor(config, 'sandbox-secret'),
      },
      config.checkoutUrl ?? '/sandbox/checkout.js',
    ),
};

/**
 * The providers, in order of preference: the first one configured takes the shop's payments. A new
 * provider is its adapter (`payments/<name>-gateway.ts`) and one line here, before the sandbox.
 */
export const paymentProviders: readonly PaymentProvider[] = [razorpay, sandbox];

/** A name the orders table may hold: a free order's, or a provider's (lower-case letters, digits, hyphens). */
export const PROVIDER_NAME = /^[a-z][a-z0-9-]{1,30}$/;
