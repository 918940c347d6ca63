import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp } from '../../../test/helpers.js';
import { pdfText } from '../../../test/pdf.js';
import { issuedDocument } from '../../../test/test-documents.js';
import { buy } from '../../../test/test-purchases.js';
import { seedDemo } from '../../seed/seed.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { renderDocumentPdf } from './render-document-pdf.js';
import type { TaxDocumentData } from './tax-document.js';

let t: TestApp;
const [c1, c2] = demoCourses;

beforeAll(async () => {
  t = await createTestApp({
    TAX_LEGAL_NAME: 'Trade Skool Education Private Limited',
    TAX_ADDRESS: '4th Floor, Sakar Complex, Ashram Road, Ahmedabad 380009, Gujarat',
    TAX_GSTIN: '24AAACC1206D1ZM',
  });
  await seedDemo(t.database.db);
});
afterAll(() => t.close());

const download = (orderId: string, cookie?: string, kind = 'invoice') =>
  t.app.inject({ method: 'GET', url: `/api/orders/${orderId}/${kind}`, headers: cookie ? { cookie } : {} });

const storedInvoice = async (orderId: string): Promise<TaxDocumentData> => (await issuedDocument(t, orderId)).document;

describe('GET /api/orders/{id}/invoice', () => {
  it('a business buyer from Pune gets a PDF carrying every CGST Rule 46 field, IGST at 18 %', async () => {
    const { user, orderId } = await buy(t, [c1?._id ?? '', c2?._id ?? ''], {
      state: '27',
      pin: '411001',
      businessName: 'Shah Capital LLP',
      gstin: '27AAPFU0939F1ZV',
      disclaimerAccepted: true,
    });
    const res = await download(orderId, user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const data = await storedInvoice(orderId);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${data.number.replaceAll('/', '-')}.pdf"`);
    const text = await pdfText(res.rawPayload);
    const money = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
    for (const field of [
      'Tax Invoice',
      // supplier: name, address, GSTIN
      'Trade Skool Education Private Limited',
      'Ashram Road, Ahmedabad 380009',
      'GSTIN: 24AAACC1206D1ZM',
      'Gujarat (code 24)',
      // number and date
      `Number: ${data.number}`,
      `Date: ${data.date}`,
      // buyer: name, e-mail, business, GSTIN, state and code
      'Asha Patel',
      `E-mail: ${user.email}`,
      'Shah Capital LLP',
      'GSTIN: 27AAPFU0939F1ZV',
      'Maharashtra (code 27), PIN 411001',
      // place of supply, reverse charge
      'Place of supply: Maharashtra (code 27)',
      'Reverse charge: No',
      // lines: description, SAC, taxable value, tax rate and amount
      c1?.title ?? '',
      '999293',
      'IGST 18 %',
      money(data.totals.taxablePaise),
      money(data.totals.igstPaise),
      money(data.totals.totalPaise),
      `In words: ${data.totals.inWords}`,
      'computer-generated document; no signature is required',
    ]) {
      expect(text, field).toContain(field);
    }
    expect(text).not.toContain('CGST');
  });

  it('a buyer from Ahmedabad sees CGST 9 % and SGST 9 %', async () => {
    const { user, orderId } = await buy(t, [c1?._id ?? ''], { state: '24', pin: '380015', disclaimerAccepted: true });
    const text = await pdfText((await download(orderId, user.cookie)).rawPayload);
    expect(text).toContain('CGST 9 %');
    expect(text).toContain('SGST 9 %');
    expect(text).toContain('Place of supply: Gujarat (code 24)');
    expect(text).not.toContain('IGST');
  });

  // Its speed (under 150 ms) is measured by `npm run bench`'s invoice row, never here: a timed unit test
  // failed on a busy machine (181 ms) while the bench's figure on the running shop was met.
  it('is the same PDF byte for byte each time, rendered from the stored data alone', async () => {
    const { user, orderId } = await buy(t, [c2?._id ?? '']);
    const first = (await download(orderId, user.cookie)).rawPayload;
    const second = (await download(orderId, user.cookie)).rawPayload;
    expect(second.equals(first)).toBe(true);
    const data = await storedInvoice(orderId);
    for (let i = 0; i < 3; i += 1) expect((await renderDocumentPdf(data)).equals(first)).toBe(true);
  });

  it('only the buyer and the admins get it: another learner and unknown orders get 404, a visitor 401', async () => {
    const { user, orderId } = await buy(t, [c1?._id ?? '']);
    const stranger = await createSignedInUser(t.database.db);
    const admin = await createSignedInUser(t.database.db, { role: 'admin' });
    const refused = await download(orderId, stranger.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ ok: false, message: 'No such document.' });
    expect((await download('no-such-order', user.cookie)).statusCode).toBe(404);
    expect((await download(orderId)).statusCode).toBe(401);
    expect((await download(orderId, admin.cookie)).statusCode).toBe(200);
    expect((await download(orderId, user.cookie, 'credit-note')).statusCode).toBe(404);
  });
});

it('downloads are limited to 60 a minute per address, with a message saying what to do', async () => {
  const { user, orderId } = await buy(t, [c2?._id ?? '']);
  const headers = { cookie: user.cookie, 'x-forwarded-for': '', 'user-agent': 'limit-test' };
  const answers = [];
  for (let i = 0; i < 61; i += 1)
    answers.push(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/orders/${orderId}/invoice`,
          headers,
          remoteAddress: '203.0.113.77',
        })
      ).statusCode,
    );
  expect(answers.slice(0, 60).every((status) => status === 200)).toBe(true);
  const refused = await t.app.inject({
    method: 'GET',
    url: `/api/orders/${orderId}/invoice`,
    headers,
    remoteAddress: '203.0.113.77',
  });
  expect(answers[60]).toBe(429);
  expect(refused.json()).toEqual({
    ok: false,
    message: 'Too many downloads in a short time. Please wait a minute and try again.',
  });
});
