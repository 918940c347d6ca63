import { type Kysely, sql } from 'kysely';
import { createIndex, createKeyedTable, dropTables } from './schema-statements.js';
import { references, required } from './table-columns.js';

/**
 * Tax documents (issue 16): invoices and credit notes, numbered from a counter row per series and
 * financial year that is incremented in the transaction issuing the document, so a rolled-back
 * payment leaves no gap and two payments never share a number. Each document's content is frozen as
 * JSON when issued; the PDF is rendered from it on demand. Orders gain the buyer's billing details.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tax_document_counters')
    .$call(required('text', 'series', 'financial_year'))
    .$call(required('integer', 'last_number'))
    .addPrimaryKeyConstraint('tax_document_counters_pk', ['series', 'financial_year'])
    .execute();

  await createKeyedTable(db, 'tax_documents')
    .$call(references({ order_id: 'orders.id' }))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('invoice', 'credit_note')`))
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .$call(required('text', 'financial_year'))
    .$call(required('integer', 'sequence'))
    .$call(required('text', 'issued_at', 'data'))
    .addUniqueConstraint('tax_documents_order_kind', ['order_id', 'kind'])
    .execute();
  await createIndex(db, 'tax_documents_issued', 'tax_documents', ['kind', 'issued_at']);

  for (const column of ['billing_state', 'billing_pin', 'billing_business', 'billing_gstin']) {
    await db.schema
      .alterTable('orders')
      .addColumn(column, 'text', (col) => col.notNull().defaultTo(''))
      .execute();
  }
  await db.schema.alterTable('orders').addColumn('disclaimer_accepted_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'disclaimer_accepted_at',
    'billing_gstin',
    'billing_business',
    'billing_pin',
    'billing_state',
  ]) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await dropTables(db, 'tax_documents', 'tax_document_counters');
}
