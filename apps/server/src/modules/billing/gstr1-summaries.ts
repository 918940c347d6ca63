import type { TaxAmounts } from '@shop/shared';
import { type Gstr1Cell, money } from './gstr1-csv.js';
import { type IssuedDocument, placeOfSupplyLabel } from './register-documents.js';

interface Summed extends TaxAmounts {
  quantity: number;
}

/** Sums amounts by key in key order: invoices add, credit notes subtract. */
function summarise<T>(items: readonly { key: string; sign: 1 | -1; about: T; amounts: TaxAmounts }[]) {
  const groups = new Map<string, { about: T; sum: Summed }>();
  for (const { key, sign, about, amounts } of items) {
    const group = groups.get(key) ?? {
      about,
      sum: { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0, quantity: 0 },
    };
    group.sum.taxablePaise += sign * amounts.taxablePaise;
    group.sum.cgstPaise += sign * amounts.cgstPaise;
    group.sum.sgstPaise += sign * amounts.sgstPaise;
    group.sum.igstPaise += sign * amounts.igstPaise;
    group.sum.totalPaise += sign * amounts.totalPaise;
    group.sum.quantity += sign;
    groups.set(key, group);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, group]) => group);
}

const signOf = (document: IssuedDocument) => (document.kind === 'invoice' ? 1 : -1);
const taxes = (sum: TaxAmounts): Gstr1Cell[] => [money(sum.igstPaise), money(sum.cgstPaise), money(sum.sgstPaise)];
const TAX_HEADER = ['Integrated Tax Amount', 'Central Tax Amount', 'State/UT Tax Amount'];

/**
 * GSTR-1 table 7 (sheet b2cs): the B2C small supplies by place of supply and rate, net of the credit
 * notes issued against them in the month (they are not listed one by one).
 */
export function b2csSummary(documents: readonly IssuedDocument[]) {
  const groups = summarise(
    documents.map((document) => ({
      key: `${document.data.placeOfSupply.code}|${document.data.rateBp}`,
      sign: signOf(document),
      about: { place: placeOfSupplyLabel(document.data), rate: document.data.rateBp / 100 },
      amounts: document.data.totals,
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
      ...TAX_HEADER,
    ],
    rows: groups.map(({ about, sum }): Gstr1Cell[] => [
      'OE',
      about.place,
      '',
      about.rate,
      money(sum.taxablePaise),
      money(0),
      '',
      ...taxes(sum),
    ]),
  };
}

/** The GST portal's limit on an HSN row's description (India Compliance cuts to it: `HSN_DESCRIPTION_LIMIT`). */
export const HSN_DESCRIPTION_MAX = 30;

/**
 * Service descriptions of the SAC codes a course shop uses (CBIC's scheme of classification of
 * services), shortened to the portal's 30 characters: "Commercial training and coaching services"
 * and "Other education and training services n.e.c." in full.
 */
export const SAC_DESCRIPTIONS: Record<string, string> = {
  '999293': 'Commercial training & coaching',
  '999294': 'Other education & training',
};

/**
 * GSTR-1 table 12 (sheet hsn): every line of the month's invoices less its credit notes, by SAC and rate;
 * a course sold is one unit of "OTH" (others), as services have no unit of measure.
 */
export function hsnSummary(documents: readonly IssuedDocument[]) {
  const groups = summarise(
    documents.flatMap((document) =>
      document.data.lines.map((line) => ({
        key: `${line.sac}|${document.data.rateBp}`,
        sign: signOf(document),
        about: { sac: line.sac, rate: document.data.rateBp / 100 },
        amounts: line,
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
      ...TAX_HEADER,
      'Cess Amount',
    ],
    rows: groups.map(({ about, sum }): Gstr1Cell[] => [
      about.sac,
      SAC_DESCRIPTIONS[about.sac] ?? '',
      'OTH',
      sum.quantity,
      money(sum.totalPaise),
      about.rate,
      money(sum.taxablePaise),
      ...taxes(sum),
      money(0),
    ]),
  };
}
