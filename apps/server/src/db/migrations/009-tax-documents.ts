import { type Kysely, sql } from 'kysely';

/**
 * Tax documents (issue 16): invoices and credit notes, numbered from a counter row per series and
 * financial year that is incremented in the transaction issuing the document, so a rolled-back
 * payment leaves no gap and two payments never share a number. Each document's content is frozen as
 * JSON when issued; the PDF is rendered from it on demand. Orders gain the buyer's billing details.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tax_document_counters')
    .addColumn('series', 'text', (col) => col.notNull())
    .addColumn('financial_year', 'text', (col) => col.notNull())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('tax_document_counters_pk', ['series', 'financial_year'])
    .execute();

  await db.schema
    .createTable('tax_documents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('invoice', 'credit_note')`))
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('financial_year', 'text', (col) => col.notNull())
    .addColumn('sequence', 'integer', (col) => col.notNull())
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addUniqueConstraint('tax_documents_order_kind', ['order_id', 'kind'])
    .execute();
  await db.schema.createIndex('tax_documents_issued').on('tax_documents').columns(['kind', 'issued_at']).execute();

  await db.schema
    .alterTable('orders')
    .addColumn('billing_state', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('billing_pin', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('billing_business', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('billing_gstin', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
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
  await db.schema.dropTable('tax_documents').execute();
  await db.schema.dropTable('tax_document_counters').execute();
}
