import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';
import type { TaxDocumentsTable } from '../../db/schema.js';

// Issuing runs inside every paying transaction: its statements are compiled once (see preparedQuery).
const takeNumber = preparedQuery<{ series: string; year: string }>()((db, value) =>
  db
    .insertInto('tax_document_counters')
    .values({ series: value('series'), financial_year: value('year'), last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(['series', 'financial_year'])
        .doUpdateSet({ last_number: sql<number>`tax_document_counters.last_number + 1` }),
    )
    .returning('last_number'),
);
const documentOfOrder = preparedQuery<{ orderId: string; kind: TaxDocumentsTable['kind'] }>()((db, value) =>
  db.selectFrom('tax_documents').selectAll().where('order_id', '=', value('orderId')).where('kind', '=', value('kind')),
);
const insertDocument = preparedQuery<TaxDocumentsTable>()((db, value) =>
  db.insertInto('tax_documents').values({
    id: value('id'),
    order_id: value('order_id'),
    subscription_charge_id: value('subscription_charge_id'),
    kind: value('kind'),
    number: value('number'),
    financial_year: value('financial_year'),
    sequence: value('sequence'),
    issued_at: value('issued_at'),
    data: value('data'),
  }),
);

/**
 * The next number of a series in a financial year. The counter row stays locked (PostgreSQL) or the
 * write transaction open (SQLite) until the caller commits, and a rollback undoes the increment: so
 * numbers are consecutive, with no gap and no duplicate. Call it last in a transaction, after every
 * other row lock, so that it is held as briefly as possible and always in the same order.
 */
export async function nextDocumentNumber(trx: Db, series: string, year: string): Promise<number> {
  const row = await takeNumber.first(trx, { series, year });
  if (!row) throw new Error(`no number taken for series ${series} ${year}`);
  return Number(row.last_number);
}

export function findDocument(db: Db, orderId: string, kind: TaxDocumentsTable['kind']) {
  return documentOfOrder.first(db, { orderId, kind });
}

export async function saveDocument(trx: Db, document: TaxDocumentsTable): Promise<void> {
  await insertDocument.execute(trx, document);
}

/** The document of an order, with the order's buyer, for the access check. */
export function findDocumentWithBuyer(db: Db, orderId: string, kind: TaxDocumentsTable['kind']) {
  return db
    .selectFrom('tax_documents')
    .innerJoin('orders', 'orders.id', 'tax_documents.order_id')
    .select(['tax_documents.number', 'tax_documents.data', 'orders.user_id'])
    .where('tax_documents.order_id', '=', orderId)
    .where('tax_documents.kind', '=', kind)
    .executeTakeFirst();
}

/**
 * The learner's orders for their order history, newest first, with their lines and documents. An order
 * superseded before it was paid (`expired`) is left out: nothing happened to it.
 */
export async function listOrdersOfBuyer(db: Db, userId: string) {
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'created_at', 'status', 'total_paise'])
    .where('user_id', '=', userId)
    .where('status', '!=', 'expired')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  if (orders.length === 0) return [];
  const ids = orders.map((order) => order.id);
  const lines = await db
    .selectFrom('order_lines')
    .select(['order_id', 'course_id', 'title'])
    .where('order_id', 'in', ids)
    .orderBy('title')
    .execute();
  const documents = await db
    .selectFrom('tax_documents')
    .select(['order_id', 'kind', 'number'])
    .where('order_id', 'in', ids)
    .execute();
  return orders.map((order) => ({
    ...order,
    lines: lines.filter((line) => line.order_id === order.id),
    documents: documents.filter((document) => document.order_id === order.id),
  }));
}

/**
 * Every invoice and credit note issued in [from, to) (ISO instants), invoices first, each series in order;
 * a membership or instalment charge's with the shop's subscription id (where its PDF is served).
 */
export function listDocumentsIssuedBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom('tax_documents')
    .leftJoin('subscription_charges', 'subscription_charges.id', 'tax_documents.subscription_charge_id')
    .select([
      'tax_documents.order_id',
      'tax_documents.kind',
      'tax_documents.number',
      'tax_documents.issued_at',
      'tax_documents.data',
      'subscription_charges.subscription_id',
    ])
    .where('tax_documents.issued_at', '>=', from)
    .where('tax_documents.issued_at', '<', to)
    .orderBy('tax_documents.kind', 'desc')
    .orderBy('tax_documents.financial_year')
    .orderBy('tax_documents.sequence')
    .execute();
}

/** The taxable value of the invoices of orders paid since `from` and still paid, with the day they were paid. */
export function listTaxableValueOfPaidOrders(db: Db, from: string) {
  return db
    .selectFrom('tax_documents')
    .innerJoin('orders', 'orders.id', 'tax_documents.order_id')
    .select(['orders.paid_at', 'tax_documents.data'])
    .where('tax_documents.kind', '=', 'invoice')
    .where('orders.status', '=', 'paid')
    .where('orders.paid_at', '>=', from)
    .execute();
}
