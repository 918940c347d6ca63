import { expect, it } from 'vitest';
import { waitForMail } from '../../../test/account-flows.js';
import { useShopWithMail } from '../../../test/mail-shop.js';
import { refundAsOperator } from '../../../test/refunds.js';
import { mailText } from '../../../test/smtp.js';
import { issuedDocument } from '../../../test/test-documents.js';
import { buy } from '../../../test/test-purchases.js';
import { demoCourses } from '../../seed/seed-courses.js';

const { t, smtp } = useShopWithMail();

const numberOf = async (orderId: string, kind: 'invoice' | 'credit_note') =>
  (await issuedDocument(t, orderId, kind)).number;

it('the order confirmation names the tax invoice and the refund notice the credit note, both on /orders', async () => {
  const { user, orderId } = await buy(t, [demoCourses[0]?._id ?? '']);
  const confirmation = mailText((await waitForMail(t.app, smtp, user.email, 1)).raw);
  expect(confirmation).toContain(
    `Your tax invoice ${await numberOf(orderId, 'invoice')} is under My Orders: ${t.config.publicUrl}/orders`,
  );

  await refundAsOperator(t, orderId);
  const notice = mailText((await waitForMail(t.app, smtp, user.email, 2)).raw);
  expect(notice).toContain('has been refunded');
  expect(notice).toContain(`Your credit note ${await numberOf(orderId, 'credit_note')} is under My Orders`);
});
