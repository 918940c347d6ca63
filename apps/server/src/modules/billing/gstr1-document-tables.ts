import { type Gstr1Cell, money } from './gstr1-csv.js';
import { placeOfSupplyLabel } from './register-documents.js';
import type { TaxDocumentData } from './tax-document.js';

/** A column: its name as the GST offline tool's template writes it, and its cell from a frozen document. */
export type Gstr1Column = readonly [name: string, cell: (data: TaxDocumentData) => Gstr1Cell];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The offline tool's dates: `05-Apr-2026`. */
function toolDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}

const blank = (): Gstr1Cell => '';
const noCess = (): Gstr1Cell => money(0);
const rate = (d: TaxDocumentData): Gstr1Cell => d.rateBp / 100;
const value = (d: TaxDocumentData) => money(d.totals.totalPaise);
const taxable = (d: TaxDocumentData) => money(d.totals.taxablePaise);

/**
 * The tool computes the tax from the rate and taxable value; these three columns, after its own, carry
 * the tax as invoiced so that the files can be checked against the register (delete them if an import
 * refuses extra columns).
 */
export const TAX_COLUMNS: readonly Gstr1Column[] = [
  ['Integrated Tax Amount', (d) => money(d.totals.igstPaise)],
  ['Central Tax Amount', (d) => money(d.totals.cgstPaise)],
  ['State/UT Tax Amount', (d) => money(d.totals.sgstPaise)],
];

const recipient: readonly Gstr1Column[] = [
  ['GSTIN/UIN of Recipient', (d) => d.buyer.gstin],
  ['Receiver Name', (d) => d.buyer.businessName || d.buyer.name],
];
const invoice: readonly Gstr1Column[] = [
  ['Invoice Number', (d) => d.number],
  ['Invoice date', (d) => toolDate(d.date)],
  ['Invoice Value', value],
];
const note: readonly Gstr1Column[] = [
  ['Note Number', (d) => d.number],
  ['Note Date', (d) => toolDate(d.date)],
  ['Note Type', () => 'C'],
];

/** The tables with one row per document (GSTR-1 tables 4A, 5, 6A and 9B), sheet by sheet. */
export const documentTables = {
  b2b: [
    ...recipient,
    ...invoice,
    ['Place Of Supply', placeOfSupplyLabel],
    ['Reverse Charge', () => 'N'],
    ['Applicable % of Tax Rate', blank],
    ['Invoice Type', () => 'Regular B2B'],
    ['E-Commerce GSTIN', blank],
    ['Rate', rate],
    ['Taxable Value', taxable],
    ['Cess Amount', noCess],
  ],
  b2cl: [
    ...invoice,
    ['Place Of Supply', placeOfSupplyLabel],
    ['Applicable % of Tax Rate', blank],
    ['Rate', rate],
    ['Taxable Value', taxable],
    ['Cess Amount', noCess],
    ['E-Commerce GSTIN', blank],
  ],
  exp: [
    // With payment of IGST, or without under a Letter of Undertaking.
    ['Export Type', (d) => (d.taxMode === 'lut' ? 'WOPAY' : 'WPAY')],
    ...invoice,
    ['Port Code', blank],
    ['Shipping Bill Number', blank],
    ['Shipping Bill Date', blank],
    ['Rate', rate],
    ['Taxable Value', taxable],
    ['Cess Amount', noCess],
  ],
  cdnr: [
    ...recipient,
    ...note,
    ['Place Of Supply', placeOfSupplyLabel],
    ['Reverse Charge', () => 'N'],
    ['Note Supply Type', () => 'Regular B2B'],
    ['Note Value', value],
    ['Applicable % of Tax Rate', blank],
    ['Rate', rate],
    ['Taxable Value', taxable],
    ['Cess Amount', noCess],
  ],
  cdnur: [
    // A credit note to an unregistered buyer is listed only against a B2C large invoice or an export.
    ['UR Type', (d) => (d.placeOfSupply.code === '96' ? (d.taxMode === 'lut' ? 'EXPWOP' : 'EXPWP') : 'B2CL')],
    ...note,
    ['Place Of Supply', placeOfSupplyLabel],
    ['Note Value', value],
    ['Applicable % of Tax Rate', blank],
    ['Rate', rate],
    ['Taxable Value', taxable],
    ['Cess Amount', noCess],
  ],
} satisfies Record<string, readonly Gstr1Column[]>;
