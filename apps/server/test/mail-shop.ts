import { seedDemo } from '../src/db/seed.js';
import { createTestApp, type TestApp } from './helpers.js';
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
