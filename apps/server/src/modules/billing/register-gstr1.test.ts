import { beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from '../../../test/account-flows.js';
import { callAs, courseForm } from '../../../test/admin-test-client.js';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { useShopWithMail } from '../../../test/mail-shop.js';
import { mailText } from '../../../test/smtp.js';
import { buy } from '../../../test/test-purchases.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { SAC_DESCRIPTIONS } from './gstr1-summaries.js';
import type { TaxDocumentData } from './tax-document.js';

let admin: TestUser;
let asAdmin: ReturnType<typeof callAs>;
const [c1, c2, c3] = demoCourses.map((course) => course._id ?? '');

const { t, smtp } = useShopWithMail();
beforeAll(async () => {
  admin = await createSignedInUser(t.database.db, { role: 'admin' });
  asAdmin = callAs(t, admin);
});

/** Moves an issued document to another moment, its frozen date with it, as if it had been issued then. */
async function issuedAt(orderId: string, kind: 'invoice' | 'credit_note', iso: string) {
  const row = await t.database.db
    .selectFrom('tax_documents')
    .select('data')
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  const data = JSON.parse(row.data) as TaxDocumentData;
  const india = new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 10);
  await t.database.db
    .updateTable('tax_documents')
    .set({ issued_at: iso, data: JSON.stringify({ ...data, date: india }) })
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .execute();
  return { ...data, date: india };
}

const refund = (orderId: string) => asAdmin('POST', `/api/admin/orders/${orderId}/refund`, {});

/** RFC 4180, as a spreadsheet reads it: rows of cells keyed by the header. */
function parseCsv(body: string): { header: string[]; rows: Record<string, string>[] } {
  const table: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      table.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  const [header = [], ...rest] = table;
  return { header, rows: rest.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']))) };
}

async function exportOf(section: string, month: string) {
  const res = await asAdmin('GET', `/api/admin/gstr1?month=${month}&section=${section}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="gstr1-${section}-${month}.csv"`);
  return parseCsv(res.body);
}

const paise = (rupees: string | undefined) => Math.round(Number(rupees) * 100);
const sum = (rows: Record<string, string>[], column: string) =>
  rows.reduce((total, row) => total + paise(row[column]), 0);

const GSTIN_MH = '27AAPFU0939F1ZV';

describe('the invoice register and the GSTR-1 exports of a month (India time)', () => {
  it("reconcile: the exports' totals equal the register's, from the frozen documents; other months stay out", async () => {
    const gujarat = await buy(t, [c1 ?? '', c2 ?? ''], { state: '24', pin: '380015', disclaimerAccepted: true });
    const maharashtra = await buy(t, [c1 ?? ''], {
      name: '=HYPERLINK("http://evil.example")',
      state: '27',
      pin: '411001',
      businessName: 'Pune Traders LLP',
      gstin: GSTIN_MH,
      disclaimerAccepted: true,
    });
    const karnataka = await buy(t, [c3 ?? ''], { state: '29', pin: '560001', disclaimerAccepted: true });
    const gujaratRefunded = await buy(t, [c2 ?? ''], { state: '24', pin: '380015', disclaimerAccepted: true });
    const lateMarch = await buy(t, [c1 ?? ''], { state: '24', pin: '380015', disclaimerAccepted: true });
    const earlyMay = await buy(t, [c2 ?? ''], { state: '27', pin: '411001', disclaimerAccepted: true });
    expect((await refund(maharashtra.orderId)).statusCode).toBe(200);
    expect((await refund(gujaratRefunded.orderId)).statusCode).toBe(200);

    // April 2025 in India runs from 2025-03-31T18:30Z to 2025-04-30T18:30Z.
    const a = await issuedAt(gujarat.orderId, 'invoice', '2025-03-31T18:30:00.000Z');
    const b = await issuedAt(maharashtra.orderId, 'invoice', '2025-04-10T06:00:00.000Z');
    const bNote = await issuedAt(maharashtra.orderId, 'credit_note', '2025-04-11T06:00:00.000Z');
    const c = await issuedAt(karnataka.orderId, 'invoice', '2025-04-20T06:00:00.000Z');
    const d = await issuedAt(gujaratRefunded.orderId, 'invoice', '2025-04-21T06:00:00.000Z');
    const dNote = await issuedAt(gujaratRefunded.orderId, 'credit_note', '2025-04-30T18:29:59.999Z');
    const march = await issuedAt(lateMarch.orderId, 'invoice', '2025-03-31T18:29:59.999Z');
    const may = await issuedAt(earlyMay.orderId, 'invoice', '2025-04-30T18:30:00.000Z');
    expect([a.date, dNote.date, march.date, may.date]).toEqual([
      '2025-04-01',
      '2025-04-30',
      '2025-03-31',
      '2025-05-01',
    ]);

    const res = await asAdmin('GET', '/api/admin/invoices?month=2025-04');
    expect(res.statusCode, res.body).toBe(200);
    const register = res.json().register;
    expect(register.rows.map((row: { number: string }) => row.number)).toEqual([
      a.number,
      b.number,
      c.number,
      d.number,
      bNote.number,
      dNote.number,
    ]);
    expect(register.rows[1]).toMatchObject({
      kind: 'invoice',
      buyerName: '=HYPERLINK("http://evil.example")',
      businessName: 'Pune Traders LLP',
      gstin: GSTIN_MH,
      placeOfSupply: '27-Maharashtra',
      igstPaise: b.totals.igstPaise,
      cgstPaise: 0,
    });
    expect(register.rows[4]).toMatchObject({ kind: 'credit_note', against: b.number });
    // What is left after the refunds is exactly the two unrefunded invoices, as they were frozen.
    expect(register.net).toEqual({
      taxablePaise: a.totals.taxablePaise + c.totals.taxablePaise,
      cgstPaise: a.totals.cgstPaise + c.totals.cgstPaise,
      sgstPaise: a.totals.sgstPaise + c.totals.sgstPaise,
      igstPaise: a.totals.igstPaise + c.totals.igstPaise,
      totalPaise: a.totals.totalPaise + c.totals.totalPaise,
    });
    expect(register.invoices.count).toBe(4);
    expect(register.creditNotes.count).toBe(2);

    const b2b = await exportOf('b2b', '2025-04');
    const b2cl = await exportOf('b2cl', '2025-04');
    const b2cs = await exportOf('b2cs', '2025-04');
    const exp = await exportOf('exp', '2025-04');
    const cdnr = await exportOf('cdnr', '2025-04');
    const cdnur = await exportOf('cdnur', '2025-04');
    const hsn = await exportOf('hsn', '2025-04');

    expect(b2b.header.slice(0, 13)).toEqual([
      'GSTIN/UIN of Recipient',
      'Receiver Name',
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Reverse Charge',
      'Applicable % of Tax Rate',
      'Invoice Type',
      'E-Commerce GSTIN',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ]);
    expect(b2b.rows).toEqual([
      expect.objectContaining({
        'GSTIN/UIN of Recipient': GSTIN_MH,
        'Receiver Name': 'Pune Traders LLP',
        'Invoice Number': b.number,
        'Invoice date': '10-Apr-2025',
        'Place Of Supply': '27-Maharashtra',
        'Reverse Charge': 'N',
        Rate: '18',
      }),
    ]);
    expect(cdnr.rows).toEqual([
      expect.objectContaining({
        'GSTIN/UIN of Recipient': GSTIN_MH,
        'Note Number': bNote.number,
        'Note Date': '11-Apr-2025',
        'Note Type': 'C',
      }),
    ]);
    expect(b2cs.rows.map((row) => [row.Type, row['Place Of Supply'], row.Rate])).toEqual([
      ['OE', '24-Gujarat', '18'],
      ['OE', '29-Karnataka', '18'],
    ]);
    expect(b2cl.rows).toEqual([]);
    expect(exp.rows).toEqual([]);
    expect(cdnur.rows).toEqual([]);
    expect(hsn.rows).toEqual([
      expect.objectContaining({
        HSN: '999293',
        Description: 'Commercial training & coaching',
        UQC: 'OTH',
        'Total Quantity': '3',
        Rate: '18',
      }),
    ]);
    // The portal takes at most 30 characters of description (the full CBIC text of 999293 is 41).
    for (const description of Object.values(SAC_DESCRIPTIONS)) expect(description.length).toBeLessThanOrEqual(30);

    const invoiceTables = [b2b, b2cl, exp];
    const noteTables = [cdnr, cdnur];
    const tax = (column: string) =>
      [...invoiceTables, b2cs].reduce((total, table) => total + sum(table.rows, column), 0) -
      noteTables.reduce((total, table) => total + sum(table.rows, column), 0);
    expect(tax('Taxable Value')).toBe(register.net.taxablePaise);
    expect(tax('Integrated Tax Amount')).toBe(register.net.igstPaise);
    expect(tax('Central Tax Amount')).toBe(register.net.cgstPaise);
    expect(tax('State/UT Tax Amount')).toBe(register.net.sgstPaise);
    const b2csValue =
      sum(b2cs.rows, 'Taxable Value') +
      sum(b2cs.rows, 'Integrated Tax Amount') +
      sum(b2cs.rows, 'Central Tax Amount') +
      sum(b2cs.rows, 'State/UT Tax Amount');
    const invoiceValue =
      invoiceTables.reduce((total, table) => total + sum(table.rows, 'Invoice Value'), 0) +
      b2csValue -
      noteTables.reduce((total, table) => total + sum(table.rows, 'Note Value'), 0);
    expect(invoiceValue).toBe(register.net.totalPaise);

    const [hsnRow = {}] = hsn.rows;
    expect(paise(hsnRow['Total Value'])).toBe(register.net.totalPaise);
    expect(paise(hsnRow['Taxable Value'])).toBe(register.net.taxablePaise);
    expect(paise(hsnRow['Integrated Tax Amount'])).toBe(register.net.igstPaise);
    expect(paise(hsnRow['Central Tax Amount'])).toBe(register.net.cgstPaise);
    expect(paise(hsnRow['State/UT Tax Amount'])).toBe(register.net.sgstPaise);

    const everything = [b2b, b2cl, b2cs, exp, cdnr, cdnur, hsn].map((table) => JSON.stringify(table.rows)).join();
    expect(everything).not.toContain(march.number);
    expect(everything).not.toContain(may.number);
    const march2025 = (await asAdmin('GET', '/api/admin/invoices?month=2025-03')).json().register;
    expect(march2025.rows.map((row: { number: string }) => row.number)).toEqual([march.number]);
  });

  it('an inter-state B2C invoice above ₹1,00,000 is B2C large, a buyer abroad an export; their credit notes are CDNUR', async () => {
    const dear = (await asAdmin('POST', '/api/admin/courses', courseForm({ price: 150_000 }))).json().course.id;
    const large = await buy(t, [dear], { state: '27', pin: '411001', disclaimerAccepted: true });
    const abroad = await buy(t, [c1 ?? ''], { state: '96', country: 'US', disclaimerAccepted: true });
    const gujaratLarge = await buy(t, [dear], { state: '24', pin: '380015', disclaimerAccepted: true });
    for (const order of [large, abroad]) expect((await refund(order.orderId)).statusCode).toBe(200);
    const l = await issuedAt(large.orderId, 'invoice', '2025-08-01T06:00:00.000Z');
    const lNote = await issuedAt(large.orderId, 'credit_note', '2025-08-02T06:00:00.000Z');
    const x = await issuedAt(abroad.orderId, 'invoice', '2025-08-03T06:00:00.000Z');
    const xNote = await issuedAt(abroad.orderId, 'credit_note', '2025-08-04T06:00:00.000Z');
    const g = await issuedAt(gujaratLarge.orderId, 'invoice', '2025-08-05T06:00:00.000Z');

    const b2cl = await exportOf('b2cl', '2025-08');
    expect(b2cl.rows).toEqual([
      expect.objectContaining({
        'Invoice Number': l.number,
        'Invoice Value': '150000.00',
        'Place Of Supply': '27-Maharashtra',
        Rate: '18',
        'Integrated Tax Amount': (l.totals.igstPaise / 100).toFixed(2),
      }),
    ]);
    expect((await exportOf('exp', '2025-08')).rows).toEqual([
      expect.objectContaining({ 'Export Type': 'WPAY', 'Invoice Number': x.number, Rate: '18' }),
    ]);
    expect(
      (await exportOf('cdnur', '2025-08')).rows.map((row) => [
        row['UR Type'],
        row['Note Number'],
        row['Place Of Supply'],
      ]),
    ).toEqual([
      ['B2CL', lNote.number, '27-Maharashtra'],
      ['EXPWP', xNote.number, '96-Other Countries'],
    ]);
    // Within the shop's state a large invoice stays in the B2C small summary (table 5 is inter-state only).
    expect((await exportOf('b2cs', '2025-08')).rows).toEqual([
      expect.objectContaining({
        'Place Of Supply': '24-Gujarat',
        'Taxable Value': (g.totals.taxablePaise / 100).toFixed(2),
      }),
    ]);
    const register = (await asAdmin('GET', '/api/admin/invoices?month=2025-08')).json().register;
    expect(register.net.totalPaise).toBe(g.totals.totalPaise);
    const [hsnRow = {}] = (await exportOf('hsn', '2025-08')).rows;
    expect(paise(hsnRow['Total Value'])).toBe(g.totals.totalPaise);
    expect(hsnRow['Total Quantity']).toBe('1');
  });

  it('a name a spreadsheet would run as a formula is written as text in the exports', async () => {
    const buyer = await buy(t, [c3 ?? ''], {
      state: '27',
      pin: '411001',
      businessName: '=1+2',
      gstin: GSTIN_MH,
      disclaimerAccepted: true,
    });
    await issuedAt(buyer.orderId, 'invoice', '2025-06-02T06:00:00.000Z');
    const res = await asAdmin('GET', '/api/admin/gstr1?month=2025-06&section=b2b');
    expect(res.body.split('\r\n')[1]).toContain(`${GSTIN_MH},'=1+2,`);
  });

  it('searches by number, buyer name or e-mail and GSTIN within the month', async () => {
    const one = await buy(t, [c1 ?? ''], { name: 'Meera Shah', state: '24', pin: '380015', disclaimerAccepted: true });
    const two = await buy(t, [c2 ?? ''], {
      state: '27',
      pin: '411001',
      businessName: 'Deccan Charts Pvt Ltd',
      gstin: GSTIN_MH,
      disclaimerAccepted: true,
    });
    const first = await issuedAt(one.orderId, 'invoice', '2025-07-05T06:00:00.000Z');
    const second = await issuedAt(two.orderId, 'invoice', '2025-07-06T06:00:00.000Z');
    const found = async (q: string) =>
      (await asAdmin('GET', `/api/admin/invoices?month=2025-07&q=${encodeURIComponent(q)}`))
        .json()
        .register.rows.map((row: { number: string }) => row.number);
    expect(await found('meera')).toEqual([first.number]);
    expect(await found(one.user.email.toUpperCase())).toEqual([first.number]);
    expect(await found(GSTIN_MH.toLowerCase())).toEqual([second.number]);
    expect(await found('deccan')).toEqual([second.number]);
    expect(await found(second.number)).toEqual([second.number]);
    expect(await found('nobody')).toEqual([]);
    const filtered = (await asAdmin('GET', '/api/admin/invoices?month=2025-07&q=meera')).json().register;
    expect(filtered.net.totalPaise).toBe(first.totals.totalPaise);
  });

  it('refuses a month not written YYYY-MM and a table GSTR-1 does not have', async () => {
    const badMonth = await asAdmin('GET', '/api/admin/invoices?month=2025-13');
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().message).toBe('month must be a month written YYYY-MM');
    expect((await asAdmin('GET', '/api/admin/gstr1?month=2025-04&section=b2ba')).statusCode).toBe(400);
  });
});

describe('table 12 split by buyer and table 13, documents issued (hand-worked, 18 % inclusive)', () => {
  it('HSN rows for registered and unregistered buyers add up to the whole summary; serial numbers run unbroken', async () => {
    const GSTIN_GJ = '24AAACC1206D1ZM';
    const pune = await buy(t, [c1 ?? ''], { state: '27', pin: '411001', gstin: GSTIN_MH, disclaimerAccepted: true });
    const surat = await buy(t, [c2 ?? ''], { state: '24', pin: '395003', gstin: GSTIN_GJ, disclaimerAccepted: true });
    const otherMonth = await buy(t, [c3 ?? ''], { state: '24', pin: '380015', disclaimerAccepted: true });
    const ahmedabad = await buy(t, [c1 ?? '', c3 ?? ''], { state: '24', pin: '380015', disclaimerAccepted: true });
    const bengaluru = await buy(t, [c2 ?? ''], { state: '29', pin: '560001', disclaimerAccepted: true });
    expect((await refund(bengaluru.orderId)).statusCode).toBe(200);
    const first = await issuedAt(pune.orderId, 'invoice', '2025-09-01T06:00:00.000Z');
    const second = await issuedAt(surat.orderId, 'invoice', '2025-09-02T06:00:00.000Z');
    const third = await issuedAt(ahmedabad.orderId, 'invoice', '2025-09-03T06:00:00.000Z');
    const fourth = await issuedAt(bengaluru.orderId, 'invoice', '2025-09-04T06:00:00.000Z');
    const note = await issuedAt(bengaluru.orderId, 'credit_note', '2025-09-05T06:00:00.000Z');
    const skipped = await issuedAt(otherMonth.orderId, 'invoice', '2025-10-01T06:00:00.000Z');
    const sequence = (number: string) => Number(number.split('/').at(-1));
    // Bought one after another: the invoice issued in October sits between the second and the third.
    expect(
      [first, second, skipped, third, fourth].map(({ number }) => sequence(number) - sequence(first.number)),
    ).toEqual([0, 1, 2, 3, 4]);

    const hsnB2b = await exportOf('hsn(b2b)', '2025-09');
    const hsnB2c = await exportOf('hsn(b2c)', '2025-09');
    const hsn = await exportOf('hsn', '2025-09');
    // The same columns as the one-table summary; the figures below read them by the offline tool's names.
    expect(hsnB2b.header).toEqual(hsn.header);
    expect(hsnB2c.header).toEqual(hsn.header);
    const figures = (row: Record<string, string> = {}) =>
      [
        'Total Quantity',
        'Total Value',
        'Taxable Value',
        'Integrated Tax Amount',
        'Central Tax Amount',
        'State/UT Tax Amount',
      ].map((column) => row[column]);
    // Registered: Pune ₹4,999 with IGST 4,999 x 18/118 = ₹762.56 (taxable ₹4,236.44); Surat ₹6,999 with
    // CGST = SGST = 6,999 x 9/118 = ₹533.82 (taxable ₹5,931.36). Together ₹11,998.00, taxable ₹10,167.80.
    expect(hsnB2b.rows).toHaveLength(1);
    expect(hsnB2b.rows[0]).toMatchObject({ HSN: '999293', UQC: 'OTH', Rate: '18' });
    expect(figures(hsnB2b.rows[0])).toEqual(['2', '11998.00', '10167.80', '762.56', '533.82', '533.82']);
    // Unregistered: Ahmedabad ₹4,999 + ₹5,499, CGST = SGST = ₹381.28 + ₹419.42 = ₹800.70, taxable
    // ₹4,236.44 + ₹4,660.16 = ₹8,896.60; Bengaluru's ₹6,999 is credited in full the same month, so nets out.
    expect(hsnB2c.rows).toHaveLength(1);
    expect(figures(hsnB2c.rows[0])).toEqual(['2', '10498.00', '8896.60', '0.00', '800.70', '800.70']);
    expect(figures(hsn.rows[0])).toEqual(['4', '22496.00', '19064.40', '762.56', '1334.52', '1334.52']);

    const docs = await exportOf('docs', '2025-09');
    expect(docs.header).toEqual(['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled']);
    expect(docs.rows.map((row) => Object.values(row))).toEqual([
      ['Invoices for outward supply', first.number, second.number, '2', '0'],
      ['Invoices for outward supply', third.number, fourth.number, '2', '0'],
      ['Credit Note', note.number, note.number, '1', '0'],
    ]);
    const october = await exportOf('docs', '2025-10');
    expect(october.rows.map((row) => Object.values(row))).toEqual([
      ['Invoices for outward supply', skipped.number, skipped.number, '1', '0'],
    ]);
  });
});

describe('resending a document to its buyer', () => {
  it('mails the buyer, is written in the audit log, and is limited to 3 an hour per document', async () => {
    const { user, orderId } = await buy(t, [c1 ?? ''], { state: '24', pin: '380015', disclaimerAccepted: true });
    const number = (
      await t.database.db
        .selectFrom('tax_documents')
        .select('number')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).number;
    const res = await asAdmin('POST', '/api/admin/invoices/resend', { orderId, kind: 'invoice' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(`${number} was e-mailed again to ${user.email}.`);
    // The purchase's confirmation and the resent invoice, in either order: confirmations carry the PDF and
    // are paced (ATTACHED_MAILS_PER_SECOND), so a plain mail may overtake one.
    const both = [await waitForMail(t.app, smtp, user.email, 1), await waitForMail(t.app, smtp, user.email, 2)];
    const mail = both.find((sent) => sent.raw.includes(`Subject: Your tax invoice ${number} from`)) ?? both[1];
    if (!mail) throw new Error('no resent invoice');
    expect(mail.raw).toContain(`Subject: Your tax invoice ${number} from`);
    expect(mailText(mail.raw)).toContain(`Download it from My Orders: ${t.config.publicUrl}/orders`);
    const audit = (await asAdmin('GET', '/api/admin/audit')).json().entries;
    expect(audit[0]).toMatchObject({ actorEmail: admin.email, action: 'invoice.resend', entityId: orderId });
    expect(JSON.parse(audit[0].after)).toEqual({ number, to: user.email });

    expect((await asAdmin('POST', '/api/admin/invoices/resend', { orderId, kind: 'invoice' })).statusCode).toBe(200);
    expect((await asAdmin('POST', '/api/admin/invoices/resend', { orderId, kind: 'invoice' })).statusCode).toBe(200);
    const fourth = await asAdmin('POST', '/api/admin/invoices/resend', { orderId, kind: 'invoice' });
    expect(fourth.statusCode).toBe(429);
    expect((await asAdmin('POST', '/api/admin/invoices/resend', { orderId, kind: 'credit_note' })).statusCode).toBe(
      404,
    );
  });
});

describe('who may use the register', () => {
  it('signed out 401, a learner 403, for the list, the exports and the resend', async () => {
    const learner = await createSignedInUser(t.database.db);
    const { orderId } = await buy(t, [c2 ?? '']);
    for (const [user, status] of [
      [null, 401],
      [learner, 403],
    ] as const) {
      const as = callAs(t, user);
      expect((await as('GET', '/api/admin/invoices?month=2025-04')).statusCode).toBe(status);
      expect((await as('GET', '/api/admin/gstr1?month=2025-04&section=b2b')).statusCode).toBe(status);
      expect((await as('GET', '/api/admin/invoices')).statusCode).toBe(status);
      expect((await as('POST', '/api/admin/invoices/resend', { orderId, kind: 'invoice' })).statusCode).toBe(status);
    }
  });
});
