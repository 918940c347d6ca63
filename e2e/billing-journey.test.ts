import fs from 'node:fs';
import path from 'node:path';
import type { MyOrdersResponse } from '@shop/shared';
import type { Download, Page } from 'playwright-core';
import { describe, inject, vi } from 'vitest';
import { pdfAttachments, pdfText as textOfPdf } from '../apps/server/test/pdf';
import { axeViolations } from './support/axe';
import { allowFailedResources, baseURL, expect, test } from './support/browser';
import { chooseNewPassword, signInWithPassword } from './support/password-pages';
import { addSessionCookie, createVerifiedUser, type E2EUser } from './support/users';

// Issue 16's "Done when", in one journey: a buyer from Ahmedabad and one from Pune (with a GSTIN) buy in test
// mode and get the right invoice by e-mail and on /orders; the operator refunds one (a credit note) and
// downloads the month's B2B export; a learner resets a forgotten password, downloads their data and deletes
// the account.

const outbox = path.join(inject('dataDir'), 'outbox');
const priceAction = '64a1f0c2b7e4d1a2c3e50001';
const optionBuying = '64a1f0c2b7e4d1a2c3e50004';
const puneGstin = '27AAPFU0939F1ZV';

interface Buyer {
  name: [string, string];
  state: string;
  pin: string;
  business?: string;
  gstin?: string;
}

/** The body of an .eml file with quoted-printable soft breaks and escapes undone. */
function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The first mail the dev outbox wrote to `email` whose text contains `text`, waiting for the mail pass. */
async function mailContaining(email: string, text: string): Promise<{ text: string; raw: string }> {
  return vi.waitFor(
    () => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [];
      const mail = files
        .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
        .map((raw) => ({ raw, text: decodeMail(raw) }))
        .find(
          (one) =>
            new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(one.text) && one.text.includes(text),
        );
      if (!mail) throw new Error(`no mail to ${email} containing ${text} in ${outbox}`);
      return mail;
    },
    { timeout: 10_000, interval: 100 },
  );
}

const pdfText = async (download: Download): Promise<string> => textOfPdf(fs.readFileSync(await download.path()));

/** Course page, cart, billing details with the tax fields, the disclaimer tick, and the sandbox's Pay. */
async function buyInTestMode(page: Page, courseId: string, buyer: Buyer) {
  await page.goto(`/course-details/${courseId}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.waitForURL(/\/cart$/);
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await page.getByRole('heading', { name: 'Billing Details' }).waitFor();
  await page.getByLabel('First name').fill(buyer.name[0]);
  await page.getByLabel('Last name').fill(buyer.name[1]);
  await page.getByLabel('State').selectOption({ label: buyer.state });
  await page.getByLabel('PIN code').fill(buyer.pin);
  if (buyer.business) await page.getByLabel('Business name').fill(buyer.business);
  if (buyer.gstin) await page.getByLabel('GSTIN').fill(buyer.gstin);
  await page.getByLabel('I have read this').check();
  await page.getByRole('button', { name: 'Place order' }).click();
  const widget = page.getByRole('dialog', { name: 'Sandbox payment (test mode)' });
  await widget.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/enrolled-courses$/);
}

/** The learner's one order on /orders: its row, and the document links' numbers. */
async function myOrder(page: Page) {
  await page.goto('/orders');
  const row = page.locator('.orders-table tbody tr');
  await row.getByRole('link', { name: /^Invoice / }).waitFor();
  expect(await row.count()).toBe(1);
  const invoice = row.getByRole('link', { name: /^Invoice / });
  const number = ((await invoice.textContent()) ?? '').replace('Invoice ', '');
  expect(number).toMatch(/^TS\/\d\d-\d\d\/\d{6}$/);
  return { row, invoice, number };
}

async function orderIdOf(user: E2EUser): Promise<string> {
  const res = await fetch(`${baseURL}/api/orders`, { headers: { cookie: `token=${user.token}` } });
  const { orders } = (await res.json()) as MyOrdersResponse;
  expect(orders.length).toBe(1);
  return orders[0]?.id ?? '';
}

describe('billing journey (issue 16, Done when)', () => {
  test('Ahmedabad and Pune buy, get their invoices; a refund, the B2B export; reset, export, delete', {
    timeout: 180_000,
  }, async ({ page, context, consoleErrors }) => {
    const stamp = Date.now().toString(36);
    const ahmedabad = createVerifiedUser();
    const pune = createVerifiedUser();
    const puneBusiness = `Pune Charts ${stamp} LLP`;

    // Ahmedabad: intra-state, CGST + SGST.
    await addSessionCookie(context, ahmedabad);
    await buyInTestMode(page, priceAction, { name: ['Asha', 'Patel'], state: 'Gujarat', pin: '380001' });
    const a = await myOrder(page);
    expect(await a.row.getByRole('cell').nth(3).textContent()).toBe('Paid');
    expect(await axeViolations(page)).toEqual([]);
    const [aPdf] = await Promise.all([page.waitForEvent('download'), a.invoice.click()]);
    expect(aPdf.suggestedFilename()).toBe(`${a.number.replaceAll('/', '-')}.pdf`);
    const aText = await pdfText(aPdf);
    for (const field of [
      'Tax Invoice',
      `Number: ${a.number}`,
      'Asha Patel',
      `E-mail: ${ahmedabad.email}`,
      'Gujarat (code 24), PIN 380001',
      'Place of supply: Gujarat (code 24)',
      'CGST 9 %',
      'SGST 9 %',
    ])
      expect(aText, field).toContain(field);
    expect(aText).not.toContain('IGST');
    // The confirmation names the invoice and carries the very file the buyer downloads.
    const aMail = await mailContaining(ahmedabad.email, `Your tax invoice ${a.number}`);
    expect(aMail.text).toMatch(/^Subject: .*order/m);
    expect(pdfAttachments(aMail.raw)).toEqual([
      { filename: aPdf.suggestedFilename(), pdf: fs.readFileSync(await aPdf.path()) },
    ]);

    // Pune: inter-state with a GSTIN, IGST.
    await addSessionCookie(context, pune);
    await buyInTestMode(page, optionBuying, {
      name: ['Rohan', 'Shah'],
      state: 'Maharashtra',
      pin: '411001',
      business: puneBusiness,
      gstin: puneGstin,
    });
    const p = await myOrder(page);
    const [pPdf] = await Promise.all([page.waitForEvent('download'), p.invoice.click()]);
    const pText = await pdfText(pPdf);
    for (const field of [
      `Number: ${p.number}`,
      'Rohan Shah',
      puneBusiness,
      `GSTIN: ${puneGstin}`,
      'Maharashtra (code 27), PIN 411001',
      'Place of supply: Maharashtra (code 27)',
      'IGST 18 %',
    ])
      expect(pText, field).toContain(field);
    expect(pText).not.toContain('CGST');
    const pMail = await mailContaining(pune.email, `Your tax invoice ${p.number}`);
    expect(pdfAttachments(pMail.raw)).toEqual([
      { filename: pPdf.suggestedFilename(), pdf: fs.readFileSync(await pPdf.path()) },
    ]);

    // The operator refunds Ahmedabad's order in full, then takes the month's B2B export.
    const operator = createVerifiedUser({ role: 'admin' });
    await addSessionCookie(context, operator);
    page.once('dialog', (dialog) => dialog.accept());
    await page.goto(`/admin/orders/${await orderIdOf(ahmedabad)}`);
    await page.getByRole('button', { name: /^Refund ₹[\d,.]+ in full$/ }).click();
    await page.locator('.toast', { hasText: 'The order is refunded' }).waitFor();
    await page.goto('/admin/invoices');
    await page.getByRole('heading', { name: 'Invoice register', level: 1 }).waitFor();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'b2b.csv' }).click(),
    ]);
    const b2b = fs.readFileSync(await csv.path(), 'utf8').split('\r\n');
    expect(b2b.find((line) => line.includes(p.number))).toMatch(new RegExp(`^${puneGstin},${puneBusiness},`));
    expect(b2b.some((line) => line.includes(a.number))).toBe(false);

    // Ahmedabad sees the credit note on /orders and got it named in the refund mail.
    await addSessionCookie(context, ahmedabad);
    const refunded = await myOrder(page);
    expect(await refunded.row.getByRole('cell').nth(3).textContent()).toBe('Refunded');
    const note = refunded.row.getByRole('link', { name: /^Credit note TSC\/\d\d-\d\d\/\d{6}$/ });
    const noteNumber = ((await note.textContent()) ?? '').replace('Credit note ', '');
    const [notePdf] = await Promise.all([page.waitForEvent('download'), note.click()]);
    const noteText = await pdfText(notePdf);
    expect(noteText).toContain('Credit Note');
    expect(noteText).toContain(a.number);
    const refundMail = await mailContaining(ahmedabad.email, `Your credit note ${noteNumber}`);
    expect(pdfAttachments(refundMail.raw)).toEqual([
      { filename: notePdf.suggestedFilename(), pdf: fs.readFileSync(await notePdf.path()) },
    ]);

    // Ahmedabad signed in by link only so far: "Forgot password?" sets a password from the mailed link.
    await context.clearCookies();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email', { exact: true }).fill(ahmedabad.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: 'we have sent it a link to choose a new password' }).waitFor();
    const reset = /https?:\/\/\S+?\/reset-password\/[A-Za-z0-9_-]+/.exec(
      (await mailContaining(ahmedabad.email, '/reset-password/')).text,
    );
    if (!reset) throw new Error('no reset link in the mail');
    await page.goto(reset[0]);
    const password = `a new long password ${stamp}`;
    await chooseNewPassword(page, password);
    await context.clearCookies();
    await page.goto('/login');
    await signInWithPassword(page, ahmedabad.email, password);
    await page.waitForURL(`${baseURL}/`);

    // The privacy centre: the data (with the order and its documents), then deletion.
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Privacy Centre' }).click();
    await page.getByRole('heading', { name: 'How we use your data' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const [data] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    const exported = JSON.parse(fs.readFileSync(await data.path(), 'utf8'));
    expect(exported.profile.email).toBe(ahmedabad.email);
    expect(exported.orders).toEqual([
      expect.objectContaining({ invoiceNumber: a.number, creditNoteNumber: noteNumber, status: 'refunded' }),
    ]);
    await page.getByLabel('Your password, to confirm').fill(password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('status').filter({ hasText: 'Your account has been deleted.' }).waitFor();
    await page.goto('/login');
    await signInWithPassword(page, ahmedabad.email, password);
    await page.getByText('Invalid email or password.').waitFor();
    allowFailedResources(consoleErrors, 400);
    allowFailedResources(consoleErrors, 401);
  });
});
