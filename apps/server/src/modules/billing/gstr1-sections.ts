import type { gstr1Sections } from '@shop/shared';
import type { Gstr1Cell } from './gstr1-csv.js';
import { documentTables, TAX_COLUMNS } from './gstr1-document-tables.js';
import { documentsIssued } from './gstr1-documents-issued.js';
import { b2csSummary, hsnSummary } from './gstr1-summaries.js';
import type { IssuedDocument } from './register-documents.js';

export type Gstr1Section = (typeof gstr1Sections)[number];
/** The tables that summarise the month's documents rather than sort them: HSN (table 12) and documents issued (13). */
type SummarySection = 'hsn' | 'hsn(b2b)' | 'hsn(b2c)' | 'docs';

/**
 * An inter-state invoice to an unregistered buyer above this value is B2C Large (GSTR-1 table 5), one
 * row per invoice; below it, it joins the B2C small summary (table 7). ₹1,00,000 since 1 August 2024
 * (Notification 12/2024-Central Tax; it was ₹2,50,000).
 */
export const B2CL_ABOVE_PAISE = 1_00_000_00;

/** Which GSTR-1 table a document belongs to, from its frozen buyer, place of supply and tax mode alone. */
export function sectionOf({ data, kind }: IssuedDocument): Exclude<Gstr1Section, SummarySection> {
  const invoice = kind === 'invoice';
  if (data.buyer.gstin) return invoice ? 'b2b' : 'cdnr';
  if (data.placeOfSupply.code === '96') return invoice ? 'exp' : 'cdnur';
  // A credit note credits its whole invoice (refunds are full), so its value is the invoice's.
  if (data.taxMode === 'inter' && data.totals.totalPaise > B2CL_ABOVE_PAISE) return invoice ? 'b2cl' : 'cdnur';
  // Credit notes to small unregistered buyers are netted into the B2C small summary, not listed.
  return 'b2cs';
}

export interface Gstr1Table {
  header: string[];
  rows: Gstr1Cell[][];
}

/**
 * One GSTR-1 table of a month's documents, with the column names of the GST portal's offline tool
 * (the sheets of its Excel template), every figure taken from the frozen documents. Together they
 * reconcile to the register: B2B + B2CL + EXP + B2CS (net) - CDNR - CDNUR = the month's invoices less
 * its credit notes = the HSN summary = its B2B part + its B2C part.
 */
export function gstr1Table(documents: readonly IssuedDocument[], section: Gstr1Section): Gstr1Table {
  if (section === 'hsn') return hsnSummary(documents);
  // Table 12 since May 2025: one HSN summary for supplies to registered buyers (a GSTIN on the document:
  // b2b and cdnr) and one for everyone else (b2cl, b2cs, exp, cdnur); together they make the whole one.
  if (section === 'hsn(b2b)') return hsnSummary(documents.filter(({ data }) => data.buyer.gstin));
  if (section === 'hsn(b2c)') return hsnSummary(documents.filter(({ data }) => !data.buyer.gstin));
  if (section === 'docs') return documentsIssued(documents);
  const mine = documents.filter((document) => sectionOf(document) === section);
  if (section === 'b2cs') return b2csSummary(mine);
  const columns = [...documentTables[section], ...TAX_COLUMNS];
  return {
    header: columns.map(([name]) => name),
    rows: mine.map(({ data }) => columns.map(([, cell]) => cell(data))),
  };
}
