import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf.js';
import { amountInWords } from './amount-in-words.js';
import { renderDocumentPdf } from './render-document-pdf.js';
import type { TaxDocumentData } from './tax-document.js';
import { type TaxMode, taxLines, taxMode, taxTotals } from './tax-lines.js';
import { loadTaxSettings } from '../../tax-config.js';

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
