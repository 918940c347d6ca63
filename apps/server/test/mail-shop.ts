import { afterAll, beforeAll } from 'vitest';
import { seedDemo } from '../src/seed/seed.js';
import { createTestApp, standIn, type TestApp } from './helpers.js';
import { startSmtp, type TestSmtp } from './smtp.js';

/**
 * The shop (with `env` on top of the test settings) whose mail goes to a fresh test SMTP listener, with the
 * demo catalogue unless `seed` is false:
 * the set-up of the tests that read what the shop mails. `close` stops the app, then the listener.
 */
export async function startShopWithMail(
  options: { seed?: boolean; env?: Record<string, string> } = {},
): Promise<{ t: TestApp; smtp: TestSmtp; close: () => Promise<void> }> {
  const smtp = await startSmtp();
  const t = await createTestApp({ SMTP_URL: smtp.url, ...options.env });
  if (options.seed !== false) await seedDemo(t.database.db);
  return {
    t,
    smtp,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}

/**
 * startShopWithMail for a whole test file: started before its tests and closed after them; `t` and `smtp`
 * stand for that app and listener.
 */
export function useShopWithMail(options: Parameters<typeof startShopWithMail>[0] = {}) {
  let shop: Awaited<ReturnType<typeof startShopWithMail>> | undefined;
  beforeAll(async () => {
    shop = await startShopWithMail(options);
  });
  afterAll(() => shop?.close());
  const current = () => {
    if (!shop) throw new Error('the shop is started in a hook: use it inside a test or a hook');
    return shop;
  };
  return { t: standIn(() => current().t), smtp: standIn(() => current().smtp) };
}
