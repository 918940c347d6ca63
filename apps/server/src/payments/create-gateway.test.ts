import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeRazorpay, startFakeRazorpay } from '../../test/fake-razorpay.js';
import { createTestDatabase, type TestDatabase, testConfig } from '../../test/helpers.js';
import { razorpaySettings } from '../../test/payments-kit.js';
import { hmacHex } from '../auth/signatures.js';
import { createGateway, RAZORPAY_CHECKOUT_JS, testModeWarning } from './create-gateway.js';
import { type PaymentProvider, paymentProviders } from './providers.js';
import { paymentSignature } from './signatures.js';

it('a production start without Razorpay keys is warned, loudly, that it sells in test mode', () => {
  const configs = [
    testConfig({ NODE_ENV: 'production' }),
    testConfig({
      NODE_ENV: 'production',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'w',
    }),
    testConfig({ NODE_ENV: 'development' }),
  ];
  try {
    const [bare, keyed, development] = configs.map(testModeWarning);
    const banner = '!'.repeat(80);
    // The whole warning, framed so it stands out in a start-up log, blank lines around it.
    expect(bare?.split('\n')).toEqual([
      '',
      banner,
      '!! WARNING: NODE_ENV=production but RAZORPAY_KEY_ID is not set.',
      '!! The shop is selling in TEST MODE: checkout uses the sandbox gateway and NO MONEY MOVES.',
      '!! Anyone can "pay" with the test widget and get the courses. Set RAZORPAY_KEY_ID,',
      '!! RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET to take real payments.',
      banner,
      '',
    ]);
    expect(keyed).toBeNull();
    expect(development).toBeNull();
  } finally {
    for (const config of configs) fs.rmSync(config.dataDir, { recursive: true, force: true });
  }
});

describe('createGateway', () => {
  let fake: FakeRazorpay;
  let database: TestDatabase;
  const dirs: string[] = [];
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await fake.close();
    await database.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  const config = (overrides: Record<string, string> = {}) => {
    const made = testConfig(overrides);
    dirs.push(made.dataDir);
    return made;
  };

  it("with a Razorpay key: Razorpay's API with that key, its secrets, and Razorpay's widget", async () => {
    const gateway = createGateway(config(razorpaySettings(fake)), database.db);
    expect(gateway).toMatchObject({ mode: 'razorpay', keyId: fake.keyId, checkoutUrl: RAZORPAY_CHECKOUT_JS });
    expect(RAZORPAY_CHECKOUT_JS).toBe('https://checkout.razorpay.com/v1/checkout.js');
    // What the page's Content-Security-Policy lets in for Razorpay's widget (app.ts), and the webhook's URL name.
    expect(gateway).toMatchObject({
      webhookName: 'razorpay',
      contentSecurity: {
        scriptSrc: ['https://checkout.razorpay.com'],
        connectSrc: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
        frameSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
      },
    });
    // A real call with the default timeout reaches the configured API with the key.
    const order = await gateway.createOrder({ amountPaise: 10_000, receipt: 'cg-1', notes: {} });
    expect(fake.orders.get(order.id)?.amount).toBe(10_000);
    const paid = fake.pay(order.id);
    expect(gateway.verifyPaymentSignature(order.id, paid.razorpay_payment_id, paid.razorpay_signature)).toBe(true);
    const body = '{"event":"payment.captured"}';
    expect(gateway.verifyWebhookSignature(body, hmacHex(fake.webhookSecret, body))).toBe(true);
    expect(gateway.verifyWebhookSignature(body, hmacHex(fake.keySecret, body))).toBe(false);

    const elsewhere = createGateway(
      config({
        RAZORPAY_KEY_ID: fake.keyId,
        RAZORPAY_KEY_SECRET: fake.keySecret,
        RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
        RAZORPAY_CHECKOUT_URL: 'https://cdn.example.com/checkout.js',
      }),
      database.db,
    );
    expect(elsewhere.checkoutUrl).toBe('https://cdn.example.com/checkout.js');
  });

  it('without a key: the sandbox, with its own widget and two secrets kept in the data folder', async () => {
    const settings = config();
    const gateway = createGateway(settings, database.db);
    expect(gateway).toMatchObject({
      mode: 'sandbox',
      keyId: 'rzp_test_sandbox',
      checkoutUrl: '/sandbox/checkout.js',
      // It reads Razorpay's webhooks, and its widget comes from our own origin.
      webhookName: 'razorpay',
      contentSecurity: { scriptSrc: [], connectSrc: [], frameSrc: [] },
    });
    const paymentSecret = fs.readFileSync(path.join(settings.dataDir, 'sandbox-payment-secret'), 'utf8');
    const webhookSecret = fs.readFileSync(path.join(settings.dataDir, 'sandbox-secret'), 'utf8');
    expect(paymentSecret).not.toBe(webhookSecret);
    expect(
      gateway.verifyPaymentSignature('order_a', 'pay_b', paymentSignature(paymentSecret, 'order_a', 'pay_b')),
    ).toBe(true);
    expect(
      gateway.verifyPaymentSignature('order_a', 'pay_b', paymentSignature(webhookSecret, 'order_a', 'pay_b')),
    ).toBe(false);
    expect(gateway.verifyWebhookSignature('{}', hmacHex(webhookSecret, '{}'))).toBe(true);
    expect(gateway.verifyWebhookSignature('{}', hmacHex(paymentSecret, '{}'))).toBe(false);
    // The same data folder keeps the same secrets across restarts.
    const restarted = createGateway(settings, database.db);
    expect(restarted.verifyWebhookSignature('{}', hmacHex(webhookSecret, '{}'))).toBe(true);

    const custom = createGateway(config({ RAZORPAY_CHECKOUT_URL: 'https://cdn.example.com/test.js' }), database.db);
    expect(custom).toMatchObject({ mode: 'sandbox', checkoutUrl: 'https://cdn.example.com/test.js' });
  });
});

describe('the provider list', () => {
  let database: TestDatabase;
  const settings = testConfig();
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(settings.dataDir, { recursive: true, force: true });
  });
  const named = (name: string, mode = name): PaymentProvider => ({
    name,
    create: (config, db) => Object.assign(createGateway(config, db), { mode }),
  });
  const skipped: PaymentProvider = { name: 'unset', create: () => null };

  it('takes the first configured provider, whose name orders store', () => {
    expect(createGateway(settings, database.db, [skipped, named('upi-x'), named('other')]).mode).toBe('upi-x');
    expect(paymentProviders.map((provider) => provider.name)).toEqual(['razorpay', 'sandbox']);
  });

  it("refuses a name the orders table may not hold, a free order's, or one its gateway does not carry", () => {
    for (const bad of ['Upi', 'u', 'upi_x', 'free', `u${'x'.repeat(31)}`]) {
      expect(() => createGateway(settings, database.db, [named(bad)]), bad).toThrow(
        `payment provider "${bad}" has a gateway named "${bad}"`,
      );
    }
    expect(createGateway(settings, database.db, [named(`u${'x'.repeat(30)}`)]).mode).toHaveLength(31);
    expect(() => createGateway(settings, database.db, [named('upi-x', 'upi-y')])).toThrow(
      'payment provider "upi-x" has a gateway named "upi-y"',
    );
    expect(() => createGateway(settings, database.db, [skipped])).toThrow('no payment provider is configured');
  });
});
