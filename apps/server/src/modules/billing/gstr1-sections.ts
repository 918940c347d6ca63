import type { gstr1Sections } from '@shop/shared';
import { type Gstr1Cell, money } from './gstr1-csv.js';
import { type IssuedDocument, placeOfSupplyLabel } from './register-documents.js';
import type { TaxDocumentData } from './tax-document.js';

export type Gstr1Section = (typeof gstr1Sections)[number];

/**
 * An inter-state invoice to an unregistered buyer above this value is B2C Large (GSTR-1 table 5), one
 * row per invoice; below it, it joins the B2C small summary (table 7). ₹1,00,000 since 1 August 2024
 * (Notification 12/2024-Central Tax; it was ₹2,50,000).
 */
export const B2CL_ABOVE_PAISE = 1_00_000_00;

/** Which GSTR-1 table a document belongs to, from its frozen buyer, place of supply and tax mode alone. */
export function sectionOf(document: IssuedDocument): Gstr1Section {
  const { data, kind } = document;
  const invoice = kind === 'invoice';
  if (data.buyer.gstin) return invoice ? 'b2b' : 'cdnr';
  if (data.placeOfSupply.code === '96') return invoice ? 'exp' : 'cdnur';
  // A credit note credits its whole invoice (refunds are full), so its value is the invoice's.
  if (data.taxMode === 'inter' && data.totals.totalPaise > B2CL_ABOVE_PAISE) return invoice ? 'b2cl' : 'cdnur';
  // Credit notes to small unregistered buyers are netted into the B2C small summary (table 7), not listed.
  return 'b2cs';
}

/** The tool computes the tax from the rate; these three columns, after its own, let the figures be checked. */
const TAX_COLUMNS = ['Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount'] as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The offline tool's dates: `05-Apr-2026`. */
function toolDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}
const rate = (data: TaxDocumentData) => data.rateBp / 100;
const taxes = (t: { igstPaise: number; cgstPaise: number; sgstPaise: number }) => [
  money(t.igstPaise),
  money(t.cgstPaise),
  money(t.sgstPaise),
];
const receiver = (data: TaxDocumentData) => data.buyer.businessName || data.buyer.name;

/** Service descriptions of the SAC codes a course shop uses (CBIC's scheme of classification of services). */
const SAC_DESCRIPTIONS: Record<string, string> = {
  '999293': 'Commercial training and coaching services',
  '999294': 'Other education and training services n.e.c.',
};

export interface Gstr1Table {
  header: string[];
  rows: Gstr1Cell[][];
}

function perDocument(
  documents: readonly IssuedDocument[],
  section: Gstr1Section,
  header: readonly string[],
  row: (data: TaxDocumentData) => Gstr1Cell[],
): Gstr1Table {
  return {
    header: [...header, ...TAX_COLUMNS],
    rows: documents
      .filter((document) => sectionOf(document) === section)
      .map(({ data }) => [...row(data), ...taxes(data.totals)]),
  };
}

/** Sums signed amounts by key: invoices add, credit notes subtract. */
function summarise<T>(
  items: readonly {
    key: string;
    sign: number;
    seed: T;
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    totalPaise: number;
    quantity: number;
  }[],
) {
  const groups = new Map<
    string,
    {
      seed: T;
      taxablePaise: number;
      cgstPaise: number;
      sgstPaise: number;
      igstPaise: number;
      totalPaise: number;
      quantity: number;
    }
  >();
  for (const item of items) {
    const group = groups.get(item.key) ?? {
      seed: item.seed,
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      totalPaise: 0,
      quantity: 0,
    };
    group.taxablePaise += item.sign * item.taxablePaise;
    group.cgstPaise += item.sign * item.cgstPaise;
    group.sgstPaise += item.sign * item.sgstPaise;
    group.igstPaise += item.sign * item.igstPaise;
    group.totalPaise += item.sign * item.totalPaise;
    group.quantity += item.sign * item.quantity;
    groups.set(item.key, group);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, group]) => group);
}

/**
 * One GSTR-1 table of a month, with the column names of the GST portal's offline tool (its Excel
 * template's sheets b2b, b2cl, b2cs, exp, cdnr, cdnur and hsn), every figure taken from the frozen
 * documents. The tables together reconcile to the register: B2B + B2CL + B2CS (net) + EXP - CDNR -
 * CDNUR = the month's invoices less its credit notes = the HSN summary.
 */
export function gstr1Table(documents: readonly IssuedDocument[], section: Gstr1Section): Gstr1Table {
  switch (section) {
    case 'b2b':
      return perDocument(
        documents,
        section,
        [
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
        ],
        (d) => [
          d.buyer.gstin,
          receiver(d),
          d.number,
          toolDate(d.date),
          money(d.totals.totalPaise),
          placeOfSupplyLabel(d),
          'N',
          '',
          'Regular B2B',
          '',
          rate(d),
          money(d.totals.taxablePaise),
          money(0),
        ],
      );
    case 'b2cl':
      return perDocument(
        documents,
        section,
        [
          'Invoice Number',
          'Invoice date',
          'Invoice Value',
          'Place Of Supply',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
          'E-Commerce GSTIN',
        ],
        (d) => [
          d.number,
          toolDate(d.date),
          money(d.totals.totalPaise),
          placeOfSupplyLabel(d),
          '',
          rate(d),
          money(d.totals.taxablePaise),
          money(0),
          '',
        ],
      );
    case 'exp':
      return perDocument(
        documents,
        section,
        [
          'Export Type',
          'Invoice Number',
          'Invoice date',
          'Invoice Value',
          'Port Code',
          'Shipping Bill Number',
          'Shipping Bill Date',
          'Rate',
          'Taxable Value',
          'Cess Amount',
        ],
        (d) => [
          d.taxMode === 'lut' ? 'WOPAY' : 'WPAY',
          d.number,
          toolDate(d.date),
          money(d.totals.totalPaise),
          '',
          '',
          '',
          rate(d),
          money(d.totals.taxablePaise),
          money(0),
        ],
      );
    case 'cdnr':
      return perDocument(
        documents,
        section,
        [
          'GSTIN/UIN of Recipient',
          'Receiver Name',
          'Note Number',
          'Note Date',
          'Note Type',
          'Place Of Supply',
          'Reverse Charge',
          'Note Supply Type',
          'Note Value',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
        ],
        (d) => [
          d.buyer.gstin,
          receiver(d),
          d.number,
          toolDate(d.date),
          'C',
          placeOfSupplyLabel(d),
          'N',
          'Regular B2B',
          money(d.totals.totalPaise),
          '',
          rate(d),
          money(d.totals.taxablePaise),
          money(0),
        ],
      );
    case 'cdnur':
      return perDocument(
        documents,
        section,
        [
          'UR Type',
          'Note Number',
          'Note Date',
          'Note Type',
          'Place Of Supply',
          'Note Value',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
        ],
        (d) => [
          d.placeOfSupply.code === '96' ? (d.taxMode === 'lut' ? 'EXPWOP' : 'EXPWP') : 'B2CL',
          d.number,
          toolDate(d.date),
          'C',
          placeOfSupplyLabel(d),
          money(d.totals.totalPaise),
          '',
          rate(d),
          money(d.totals.taxablePaise),
          money(0),
        ],
      );
    case 'b2cs': {
      const groups = summarise(
        documents
          .filter((document) => sectionOf(document) === 'b2cs')
          .map(({ kind, data }) => ({
            key: `${data.placeOfSupply.code}|${data.rateBp}`,
            sign: kind === 'invoice' ? 1 : -1,
            seed: { place: placeOfSupplyLabel(data), rate: rate(data) },
            ...data.totals,
            quantity: 0,
          })),
      );
      return {
        header: [
          'Type',
          'Place Of Supply',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
          'E-Commerce GSTIN',
          ...TAX_COLUMNS,
        ],
        rows: groups.map((g) => [
          'OE',
          g.seed.place,
          '',
          g.seed.rate,
          money(g.taxablePaise),
          money(0),
          '',
          ...taxes(g),
        ]),
      };
    }
    case 'hsn': {
      const groups = summarise(
        documents.flatMap(({ kind, data }) =>
          data.lines.map((line) => ({
            key: `${line.sac}|${data.rateBp}`,
            sign: kind === 'invoice' ? 1 : -1,
            seed: { sac: line.sac, rate: rate(data) },
            ...line,
            quantity: 1,
          })),
        ),
      );
      return {
        header: [
          'HSN',
          'Description',
          'UQC',
          'Total Quantity',
          'Total Value',
          'Rate',
          'Taxable Value',
          ...TAX_COLUMNS,
          'Cess Amount',
        ],
        rows: groups.map((g) => [
          g.seed.sac,
          SAC_DESCRIPTIONS[g.seed.sac] ?? '',
          'OTH',
          g.quantity,
          money(g.totalPaise),
          g.seed.rate,
          money(g.taxablePaise),
          ...taxes(g),
          money(0),
        ]),
      };
    }
  }
}
