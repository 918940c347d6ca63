import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { PaymentGateway } from './gateway.js';
import { type PaymentProvider, PROVIDER_NAME, paymentProviders } from './providers.js';

export { RAZORPAY_CHECKOUT_JS } from './providers.js';

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

/**
 * The first configured provider's gateway (payments/providers.ts): Razorpay when a key id is configured;
 * otherwise the sandbox, so a fresh machine can take test payments. The provider's name is what orders
 * store, so it is checked here: a name of its own, in the form the orders table takes.
 */
export function createGateway(
  config: Config,
  db: Db,
  providers: readonly PaymentProvider[] = paymentProviders,
): PaymentGateway {
  for (const provider of providers) {
    const gateway = provider.create(config, db);
    if (!gateway) continue;
    if (!PROVIDER_NAME.test(gateway.mode) || gateway.mode === 'free' || gateway.mode !== provider.name)
      throw new Error(`payment provider "${provider.name}" has a gateway named "${gateway.mode}"`);
    return gateway;
  }
  throw new Error('no payment provider is configured');
}
