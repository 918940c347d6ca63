import type { InvoiceRegister, InvoiceRegisterRow, TaxAmounts } from '@shop/shared';
import { indiaMonthBounds } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { listDocumentsIssuedBetween } from './repo.js';
import type { TaxDocumentData } from './tax-document.js';

/** An issued document as the register and the GSTR-1 exports read it: its frozen data, nothing recomputed. */
export interface IssuedDocument {
  /** The order's id; a subscription charge's document (decision 0037) has the gateway's payment id here. */
  orderId: string;
  /** A subscription charge's document: the shop's subscription id (null for an order's). */
  subscriptionId: string | null;
  kind: 'invoice' | 'credit_note';
  data: TaxDocumentData;
}

const ROWS_SHOWN = 1000;

/** The month's invoices and credit notes (India time), in series order, as they were frozen when issued. */
export async function documentsOfMonth(db: Db, month: string): Promise<IssuedDocument[]> {
  const { from, to } = indiaMonthBounds(month);
  const rows = await listDocumentsIssuedBetween(db, from, to);
  return rows.map((row) => {
    const data = JSON.parse(row.data) as TaxDocumentData;
    return {
      orderId: row.order_id ?? data.subscriptionCharge?.paymentId ?? '',
      subscriptionId: row.subscription_id,
      kind: row.kind,
      data,
    };
  });
}

/** GSTR-1 writes a place of supply as `24-Gujarat`; GSTN's code 96 is "Other Countries". */
export function placeOfSupplyLabel(data: TaxDocumentData): string {
  const name = data.placeOfSupply.code === '96' ? 'Other Countries' : data.placeOfSupply.name;
  return `${data.placeOfSupply.code}-${name}`;
}

function amounts(data: TaxDocumentData): TaxAmounts {
  const { taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise } = data.totals;
  return { taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise };
}

const zero = (): TaxAmounts & { count: number } => ({
  taxablePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  totalPaise: 0,
  count: 0,
});

function add(sum: TaxAmounts & { count: number }, more: TaxAmounts) {
  sum.taxablePaise += more.taxablePaise;
  sum.cgstPaise += more.cgstPaise;
  sum.sgstPaise += more.sgstPaise;
  sum.igstPaise += more.igstPaise;
  sum.totalPaise += more.totalPaise;
  sum.count += 1;
}

function matches(row: InvoiceRegisterRow, q: string): boolean {
  const needle = q.toLowerCase();
  return [row.number, row.buyerName, row.buyerEmail, row.businessName, row.gstin, row.against ?? ''].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/**
 * The invoice register of a month: each invoice and credit note with its buyer and figures, searchable
 * by number, buyer name or e-mail, business name and GSTIN; totals of what matched, and the net of
 * invoices less credit notes, which the GSTR-1 exports reconcile to.
 */
export async function listRegister(db: Db, month: string, q = ''): Promise<InvoiceRegister> {
  const documents = await documentsOfMonth(db, month);
  const rows = documents
    .map(({ orderId, subscriptionId, kind, data }): InvoiceRegisterRow => {
      // A charge's document: where its PDF is (the shop's subscription and the gateway's payment).
      const paymentId = data.subscriptionCharge?.paymentId ?? null;
      return {
        orderId,
        subscriptionId,
        paymentId,
        kind,
        number: data.number,
        date: data.date,
        buyerName: data.buyer.name,
        buyerEmail: data.buyer.email,
        businessName: data.buyer.businessName,
        gstin: data.buyer.gstin,
        placeOfSupply: placeOfSupplyLabel(data),
        against: data.against?.number ?? null,
        ...amounts(data),
      };
    })
    .filter((row) => !q || matches(row, q));
  const invoices = zero();
  const creditNotes = zero();
  for (const row of rows) add(row.kind === 'invoice' ? invoices : creditNotes, row);
  const net = (key: keyof TaxAmounts) => invoices[key] - creditNotes[key];
  return {
    month,
    rows: rows.slice(0, ROWS_SHOWN),
    truncated: rows.length > ROWS_SHOWN,
    invoices,
    creditNotes,
    net: {
      taxablePaise: net('taxablePaise'),
      cgstPaise: net('cgstPaise'),
      sgstPaise: net('sgstPaise'),
      igstPaise: net('igstPaise'),
      totalPaise: net('totalPaise'),
    },
  };
}
