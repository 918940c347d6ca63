import { messages, type TaxSettingsInput } from '@shop/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../../test/admin-test-client.js';
import { createDemoShopApp, createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { pdfImages, pdfText } from '../../../test/pdf.js';
import { issuedDocument } from '../../../test/test-documents.js';
import { buy } from '../../../test/test-purchases.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { renderStoredDocument } from './render-stored-document.js';
import type { TaxDocumentData } from './tax-document.js';

const t = useTestApp(() => createDemoShopApp({ TAX_LEGAL_NAME: 'Env Default Traders', TAX_GSTIN: '24AAACC1206D1ZM' }));
let admin: TestUser;
const [c1] = demoCourses;

beforeAll(async () => {
  admin = await createSignedInUser(t.database.db, { role: 'admin', email: `tax-admin-${Date.now()}@example.com` });
});

/** The form as the console sends it, filled with a valid Gujarat registration. */
const form = (overrides: Partial<TaxSettingsInput> = {}): TaxSettingsInput => ({
  registered: true,
  legalName: 'Trade Skool Education Private Limited',
  tradeName: 'TradeSkool',
  address: '4th Floor, Sakar Complex, Ashram Road, Ahmedabad 380009',
  stateCode: '24',
  gstin: '24AAACC1206D1ZM',
  pan: 'AAACC1206D',
  sac: '999293',
  ratePercent: 18,
  prices: 'inclusive',
  invoicePrefix: 'TS',
  creditNotePrefix: 'TSC',
  exports: 'igst',
  lutReference: '',
  ...overrides,
});

const storedInvoice = (orderId: string) => issuedDocument(t, orderId);

const signaturePng = () =>
  sharp({ create: { width: 320, height: 100, channels: 3, background: { r: 20, g: 40, b: 160 } } })
    .png()
    .toBuffer();

describe('the console tax settings page', () => {
  it('is for admins only: a visitor gets 401, a learner 403, and nothing is saved', async () => {
    const learner = await createSignedInUser(t.database.db);
    expect((await callAs(t, null)('GET', '/api/admin/tax-settings')).statusCode).toBe(401);
    expect((await callAs(t, learner)('PUT', '/api/admin/tax-settings', form())).statusCode).toBe(403);
    expect(
      (await callAs(t, learner)('POST', '/api/admin/tax-settings/signature', await signaturePng())).statusCode,
    ).toBe(403);
    expect(await t.database.db.selectFrom('tax_settings').selectAll().execute()).toEqual([]);
  });

  it('shows the TAX_* environment values until the first save', async () => {
    const res = await callAs(t, admin)('GET', '/api/admin/tax-settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({
      legalName: 'Env Default Traders',
      gstin: '24AAACC1206D1ZM',
      ratePercent: 18,
      invoicePrefix: 'TS',
      hasSignature: false,
      updatedAt: null,
    });
  });

  it.each([
    [
      'a GSTIN with a wrong check character',
      { gstin: '24AAACC1206D1ZN' },
      'gstin',
      'must be a 15-character GSTIN with a correct check character',
    ],
    ['a GSTIN of another state', { stateCode: '27' }, 'gstin', messages.taxGstinState],
    ['a PAN that is not in the GSTIN', { pan: 'AAPFU0939F' }, 'pan', messages.taxPanInGstin],
    ['a SAC that is not a service code', { sac: '123456' }, 'sac', 'must be a six-digit SAC starting with 99'],
    ['a rate above 28 %', { ratePercent: 40 }, 'ratePercent', 'must be a percentage from 0 to 28'],
    [
      'a prefix too long for 16 characters',
      { invoicePrefix: 'INVC' },
      'invoicePrefix',
      'must be 1 to 3 letters, digits or -, so a number fits in 16 characters',
    ],
    ['the same series for both documents', { creditNotePrefix: 'ts' }, 'creditNotePrefix', messages.taxPrefixesDiffer],
    ['LUT without its reference', { exports: 'lut' }, 'lutReference', messages.taxLutReferenceRequired],
    ['prices neither inclusive nor exclusive', { prices: 'net' }, 'prices', 'must be inclusive or exclusive'],
    [
      '"Outside India" as the shop\'s state',
      { stateCode: '96' },
      'stateCode',
      'must be an Indian state or union territory',
    ],
  ] as const)('refuses %s with 400 naming the field, and saves nothing', async (_case, change, field, message) => {
    const res = await callAs(t, admin)('PUT', '/api/admin/tax-settings', form(change as Partial<TaxSettingsInput>));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await t.database.db.selectFrom('tax_settings').selectAll().execute()).toEqual([]);
  });

  it('a shop not registered for GST needs no GSTIN, and its documents are a Bill of Supply without tax', async () => {
    const missing = await callAs(t, admin)('PUT', '/api/admin/tax-settings', form({ gstin: '' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.gstin).toBe('must be a 15-character GSTIN with a correct check character');
    const saved = await callAs(t, admin)('PUT', '/api/admin/tax-settings', form({ registered: false, gstin: '' }));
    expect(saved.statusCode, saved.body).toBe(200);
    const { orderId } = await buy(t, [c1?._id ?? '']);
    const data = JSON.parse((await storedInvoice(orderId)).data) as TaxDocumentData;
    expect(data).toMatchObject({ title: 'Bill of Supply', taxMode: 'none', rateBp: 0, supplier: { gstin: '' } });
    expect(data.totals).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    const text = await pdfText(await renderStoredDocument(t.config.dataDir, data));
    expect(text).toContain('Not registered for GST');
    expect(text).not.toContain('CGST');
    // Back to registered for the tests that follow.
    expect((await callAs(t, admin)('PUT', '/api/admin/tax-settings', form())).statusCode).toBe(200);
    await t.database.db.deleteFrom('tax_settings').execute();
    await t.database.db.deleteFrom('audit_log').where('entity', '=', 'tax_settings').execute();
  });

  it('a purchase after a change uses the new settings; an earlier invoice stays byte for byte the same', async () => {
    const before = await buy(t, [c1?._id ?? ''], { state: '27', pin: '411001', disclaimerAccepted: true });
    const earlier = await storedInvoice(before.orderId);
    const earlierPdf = (
      await t.app.inject({
        method: 'GET',
        url: `/api/orders/${before.orderId}/invoice`,
        headers: { cookie: before.user.cookie },
      })
    ).rawPayload;
    expect(earlier.number).toMatch(/^TS\//);

    const saved = await callAs(t, admin)(
      'PUT',
      '/api/admin/tax-settings',
      form({ legalName: 'Renamed Learning LLP', invoicePrefix: 'RL', creditNotePrefix: 'RLC', ratePercent: 12 }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: messages.taxSettingsSaved,
      settings: { legalName: 'Renamed Learning LLP', invoicePrefix: 'RL', ratePercent: 12, updatedBy: admin.email },
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'tax_settings')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_email: admin.email, action: 'tax_settings.saved', entity_id: 'shop' });
    expect(JSON.parse(audit.before_json ?? '{}')).toMatchObject({ legalName: 'Env Default Traders', rateBp: 1800 });
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ legalName: 'Renamed Learning LLP', rateBp: 1200 });

    const after = await buy(t, [c1?._id ?? ''], { state: '27', pin: '411001', disclaimerAccepted: true });
    const later = await storedInvoice(after.orderId);
    expect(later.number).toMatch(/^RL\/\d\d-\d\d\/000001$/);
    const laterData = JSON.parse(later.data) as TaxDocumentData;
    expect(laterData.supplier.legalName).toBe('Renamed Learning LLP');
    expect(laterData.rateBp).toBe(1200);
    expect(await pdfText(await renderStoredDocument(t.config.dataDir, laterData))).toContain('IGST 12 %');

    // The earlier invoice: its stored data untouched, and rendered afresh (no cache) to the same bytes.
    expect((await storedInvoice(before.orderId)).data).toBe(earlier.data);
    const again = await renderStoredDocument(t.config.dataDir, JSON.parse(earlier.data) as TaxDocumentData);
    expect(again.equals(earlierPdf)).toBe(true);
    expect(await pdfText(again)).toContain('Env Default Traders');
  });

  it('an uploaded signature is printed on invoices issued afterwards instead of the "computer-generated" line', async () => {
    const before = await buy(t, [c1?._id ?? '']);
    const uploaded = await callAs(t, admin)('POST', '/api/admin/tax-settings/signature', await signaturePng(), {
      'content-type': 'image/png',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({ message: messages.taxSignatureSaved, settings: { hasSignature: true } });
    const preview = await callAs(t, admin)('GET', '/api/admin/tax-settings/signature');
    expect(preview.headers['content-type']).toBe('image/png');

    const after = await buy(t, [c1?._id ?? '']);
    const signed = (
      await t.app.inject({
        method: 'GET',
        url: `/api/orders/${after.orderId}/invoice`,
        headers: { cookie: after.user.cookie },
      })
    ).rawPayload;
    const text = await pdfText(signed);
    expect(text).toContain('Authorised signatory');
    expect(text).not.toContain('no signature is required');
    const images = await pdfImages(signed);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ width: 320, height: 100 });

    const unsigned = (
      await t.app.inject({
        method: 'GET',
        url: `/api/orders/${before.orderId}/invoice`,
        headers: { cookie: before.user.cookie },
      })
    ).rawPayload;
    expect(await pdfImages(unsigned)).toHaveLength(0);
    expect(await pdfText(unsigned)).toContain('no signature is required');

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('action', '=', 'tax_settings.signature_saved')
      .execute();
    expect(audit).toEqual([{ action: 'tax_settings.signature_saved', actor_email: admin.email }]);
  });

  it('checks the signature by its content and size: a text file named PNG is 400, over 1 MB is 413', async () => {
    const fake = await callAs(t, admin)(
      'POST',
      '/api/admin/tax-settings/signature',
      Buffer.from('not an image at all'),
      {
        'content-type': 'image/png',
      },
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(messages.taxSignatureBad);
    const webp = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const wrongKind = await callAs(t, admin)('POST', '/api/admin/tax-settings/signature', webp, {
      'content-type': 'image/png',
    });
    expect(wrongKind.statusCode).toBe(400);
    const huge = await callAs(t, admin)('POST', '/api/admin/tax-settings/signature', Buffer.alloc(1024 * 1024 + 1), {
      'content-type': 'image/png',
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(messages.taxSignatureTooLarge);
  });
});
