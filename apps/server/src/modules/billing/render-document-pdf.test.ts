import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf.js';
import { loadTaxSettings } from '../../tax-config.js';
import { amountInWords } from './amount-in-words.js';
import { renderDocumentPdf } from './render-document-pdf.js';
import type { TaxDocumentData } from './tax-document.js';
import { type TaxMode, taxLines, taxMode, taxTotals } from './tax-lines.js';

const textOf = async (data: TaxDocumentData): Promise<string> => pdfText(await renderDocumentPdf(data));

function documentFor(env: Record<string, string>, place: string, title: TaxDocumentData['title']): TaxDocumentData {
  const settings = loadTaxSettings(env, { siteName: 'TradeSkool', businessAddress: 'Ahmedabad, Gujarat' });
  const mode: TaxMode = taxMode(settings, place);
  const lines = taxLines(settings, mode, [{ description: 'Options Trading', pricePaise: 1_18_000_00 }], 0);
  const totals = taxTotals(lines);
  return {
    version: 1,
    title,
    number: 'TS/26-27/000042',
    date: '2026-11-22',
    orderId: 'order-1',
    supplier: { ...settings, gstin: settings.registered ? settings.gstin : '' },
    buyer: {
      name: 'John Smith',
      email: 'john@example.com',
      businessName: '',
      gstin: '',
      pin: '',
      stateCode: place,
      stateName: 'Outside India',
    },
    placeOfSupply: { code: place, name: 'Outside India' },
    reverseCharge: false,
    taxMode: mode,
    rateBp: mode === 'intra' || mode === 'inter' ? settings.rateBp : 0,
    lutReference: mode === 'lut' ? settings.lutReference : '',
    lines,
    totals: { ...totals, inWords: amountInWords(totals.totalPaise) },
  };
}

describe('the PDF for the other kinds of supply', () => {
  it('an export under a Letter of Undertaking says so and carries no tax', async () => {
    const text = await textOf(
      documentFor({ TAX_EXPORTS: 'lut', TAX_LUT_REFERENCE: 'AD240326000123X' }, '96', 'Tax Invoice'),
    );
    expect(text).toContain(
      'Supply meant for export under Letter of Undertaking without payment of IGST (LUT AD240326000123X)',
    );
    expect(text).toContain('Place of supply: Outside India (code 96)');
    expect(text).toContain('₹1,18,000.00');
    expect(text).toContain('Rupees One Lakh Eighteen Thousand Only');
    expect(text).not.toMatch(/[CSI]GST \d/);
  });

  it('a shop not registered for GST issues a Bill of Supply without tax lines or GSTIN', async () => {
    const text = await textOf(documentFor({ TAX_REGISTERED: 'no' }, '24', 'Bill of Supply'));
    expect(text).toContain('Bill of Supply');
    expect(text).toContain('Not registered for GST');
    expect(text).not.toContain('Taxable value');
    expect(text).not.toContain('GSTIN: 24');
    expect(text).not.toMatch(/[CSI]GST \d/);
  });
});

describe('the Bill to block (B6)', () => {
  /** The PDF's lines as a reader sees them. */
  const linesOf = async (data: TaxDocumentData) => {
    const parser = new PDFParse({ data: new Uint8Array(await renderDocumentPdf(data)) });
    try {
      return (await parser.getText()).text.split('\n').map((line) => line.trim());
    } finally {
      await parser.destroy();
    }
  };

  it('draws each of the buyer’s fields on one line, whatever an old stored document holds', async () => {
    const data = documentFor({}, '27', 'Tax Invoice');
    const lines = await linesOf({
      ...data,
      buyer: {
        ...data.buyer,
        name: `Asha ${'Patel '.repeat(30)}Last`,
        businessName: 'Evil Corp\n(TS/26-27/999999) Tj ET BT\r\nGSTIN: 27AAPFU0939F1ZV',
        stateCode: '27',
        stateName: 'Maharashtra',
      },
    });
    const text = lines.join('\n');
    // The injected lines are not lines of their own: the line break became a space.
    expect(lines.some((line) => /^\(TS\/26-27\/999999\)/.test(line))).toBe(false);
    expect(text).toContain('Evil Corp (TS/26-27/999999) Tj ET BT');
    // A field longer than the line is cut there with an ellipsis, not wrapped onto the next line.
    expect(text).not.toContain('27AAPFU0939F1ZV');
    expect(text).not.toContain('Last');
    const name = lines.findIndex((line) => line.includes('Asha Patel'));
    expect(lines[name]).toMatch(/…$/);
    expect(lines[name + 1]).toMatch(/^Evil Corp/);
  });

  it('names the country of a buyer outside India', async () => {
    const data = documentFor({ TAX_EXPORTS: 'lut' }, '96', 'Tax Invoice');
    const text = await textOf({ ...data, buyer: { ...data.buyer, country: 'AE' } });
    expect(text).toContain('Country: United Arab Emirates (AE)');
  });
});
