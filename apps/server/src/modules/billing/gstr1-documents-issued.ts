import type { Gstr1Cell } from './gstr1-csv.js';
import type { IssuedDocument } from './register-documents.js';

/** The offline tool's "Nature of Document" of each kind we issue (GSTR-1 table 13). */
const NATURE = { invoice: 'Invoices for outward supply', credit_note: 'Credit Note' } as const;

interface Run {
  kind: IssuedDocument['kind'];
  series: string;
  from: string;
  to: string;
  last: number;
  count: number;
}

/** `TS/26-27/000012` is sequence 12 of series `TS/26-27` (invoice-number.ts writes it so). */
function splitNumber(number: string) {
  const cut = number.lastIndexOf('/');
  return { series: number.slice(0, cut), sequence: Number(number.slice(cut + 1)) };
}

/**
 * GSTR-1 table 13 (sheet docs): the month's invoices and credit notes as ranges of serial numbers. A
 * document is never cancelled here (a refund issues a credit note), so Cancelled is 0. Each row is an
 * unbroken run of one series, so every number in a range is a document of this month: a number issued in
 * another month (a payment committed across midnight) ends the run and the next number starts another.
 */
export function documentsIssued(documents: readonly IssuedDocument[]) {
  const sorted = documents
    .map((document) => ({ kind: document.kind, number: document.data.number, ...splitNumber(document.data.number) }))
    .sort(
      (a, b) =>
        (a.kind === b.kind ? 0 : a.kind === 'invoice' ? -1 : 1) ||
        a.series.localeCompare(b.series) ||
        a.sequence - b.sequence,
    );
  const runs: Run[] = [];
  for (const { kind, number, series, sequence } of sorted) {
    const run = runs.at(-1);
    if (run && run.kind === kind && run.series === series && run.last + 1 === sequence) {
      run.to = number;
      run.last = sequence;
      run.count += 1;
    } else runs.push({ kind, series, from: number, to: number, last: sequence, count: 1 });
  }
  return {
    header: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
    rows: runs.map((run): Gstr1Cell[] => [NATURE[run.kind], run.from, run.to, run.count, 0]),
  };
}
