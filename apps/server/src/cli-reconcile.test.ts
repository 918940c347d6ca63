import path from 'node:path';
import { expect, it } from 'vitest';
import { useShopWithMail } from '../test/mail-shop.js';
import { runCli } from '../test/run-cli.js';
import { issuedDocument } from '../test/test-documents.js';
import { openOrder, payInSandbox } from '../test/test-purchases.js';
import { RECONCILE_AFTER_MINUTES } from './modules/orders/reconcile-payments.js';
import { demoCourses } from './seed/seed-courses.js';

// The operator's `npm run cli -- payments:reconcile`, run as a process of its own (as cron would run it,
// with no server up): an order paid at the gateway whose buyer closed the browser is fulfilled, and its
// confirmation leaves with the invoice PDF attached, as the server's own mail pass sends it.

const { t, smtp } = useShopWithMail();

/** The CLI with the test database and SMTP listener. */
function runReconcileCli(args: string[]) {
  const database = t.database.config;
  return runCli(args, {
    SMTP_URL: smtp.url,
    ...(database.kind === 'postgres'
      ? { DATABASE_URL: database.url, DATA_DIR: t.config.dataDir }
      : { DATABASE_URL: '', DATA_DIR: path.dirname(database.file) }),
  });
}

it('payments:reconcile fulfils an abandoned paid order and mails the confirmation with its invoice PDF', async () => {
  const opened = await openOrder(t, [demoCourses[0]?._id ?? ''], {
    state: '24',
    pin: '380001',
    disclaimerAccepted: true,
  });
  await payInSandbox(t, opened);
  // The buyer closed the browser before the verify call; 15 minutes on, reconciliation takes over.
  const aged = new Date(Date.now() - (RECONCILE_AFTER_MINUTES + 5) * 60_000).toISOString();
  await t.database.db.updateTable('orders').set({ created_at: aged }).where('id', '=', opened.orderId).execute();
  // The server stops first, so only the CLI can deliver the mail.
  await t.app.close();

  const run = await runReconcileCli(['payments:reconcile']);
  expect(run.output).toContain('Checked 1 pending order(s): 1 fulfilled');
  expect(run.output).not.toContain('mail not delivered');
  expect(run.status).toBe(0);

  const invoice = await issuedDocument(t, opened.orderId);
  const mail = await smtp.waitFor(opened.user.email, 5_000);
  expect(mail.raw).toContain(`Your tax invoice ${invoice.number}`);
  expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
  expect(mail.raw).toContain(`${invoice.number.replaceAll('/', '-')}.pdf`);
});
