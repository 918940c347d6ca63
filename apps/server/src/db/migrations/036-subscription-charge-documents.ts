import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { createIndex, createKeyedTable } from './schema-statements.js';
import { required } from './table-columns.js';

/**
 * Issue 34 (decision 0037, addendum): each captured subscription charge gets its own tax invoice from the
 * same series as orders', and a refunded charge a credit note.
 * - `tax_documents.order_id` becomes nullable and `subscription_charge_id` (a reference to
 *   `subscription_charges`) is added: exactly one of the two is set (a check), and `(subscription_charge_id,
 *   kind)` is unique as `(order_id, kind)` is (NULLs never collide, on SQLite or PostgreSQL), so a charge
 *   has at most one invoice and one credit note.
 * - `subscription_charges` gains `refunded_at` and `gateway_refund_id`: the operator's refund of that one
 *   charge, set once (the write that finds it unset issues the credit note).
 * PostgreSQL alters the table in place; SQLite cannot drop a NOT NULL, so it rebuilds `tax_documents`
 * (nothing references it) with every row and its index.
 */
const COLUMNS = 'id, order_id, kind, number, financial_year, sequence, issued_at, data';

function isSqlite(db: Kysely<unknown>): boolean {
  return !(db.getExecutor().adapter instanceof PostgresAdapter);
}

async function rebuildSqlite(db: Kysely<unknown>, withCharges: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const table = createKeyedTable(trx, 'tax_documents_next')
      .addColumn('order_id', 'text', (col) => (withCharges ? col : col.notNull()).references('orders.id'))
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('invoice', 'credit_note')`))
      .addColumn('number', 'text', (col) => col.notNull().unique())
      .$call(required('text', 'financial_year'))
      .$call(required('integer', 'sequence'))
      .$call(required('text', 'issued_at', 'data'))
      .addUniqueConstraint('tax_documents_order_kind', ['order_id', 'kind']);
    // As PostgreSQL's alter adds it: the last column, with its unique pair and the one-owner check.
    if (withCharges) {
      await table
        .addColumn('subscription_charge_id', 'text', (col) => col.references('subscription_charges.id'))
        .addUniqueConstraint('tax_documents_charge_kind', ['subscription_charge_id', 'kind'])
        .addCheckConstraint('tax_documents_one_owner', sql`(order_id is null) <> (subscription_charge_id is null)`)
        .execute();
    } else await table.execute();
    const kept = withCharges ? sql`` : sql` where order_id is not null`;
    await sql`insert into tax_documents_next (${sql.raw(COLUMNS)}) select ${sql.raw(COLUMNS)} from tax_documents${kept}`.execute(
      trx,
    );
    await trx.schema.dropTable('tax_documents').execute();
    await trx.schema.alterTable('tax_documents_next').renameTo('tax_documents').execute();
    await createIndex(trx, 'tax_documents_issued', 'tax_documents', ['kind', 'issued_at']);
  });
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) await rebuildSqlite(db, true);
  else {
    await sql`alter table tax_documents alter column order_id drop not null`.execute(db);
    await db.schema
      .alterTable('tax_documents')
      .addColumn('subscription_charge_id', 'text', (col) => col.references('subscription_charges.id'))
      .execute();
    await db.schema
      .alterTable('tax_documents')
      .addUniqueConstraint('tax_documents_charge_kind', ['subscription_charge_id', 'kind'])
      .execute();
    await db.schema
      .alterTable('tax_documents')
      .addCheckConstraint('tax_documents_one_owner', sql`(order_id is null) <> (subscription_charge_id is null)`)
      .execute();
  }
  await db.schema.alterTable('subscription_charges').addColumn('refunded_at', 'text').execute();
  await db.schema.alterTable('subscription_charges').addColumn('gateway_refund_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscription_charges').dropColumn('gateway_refund_id').execute();
  await db.schema.alterTable('subscription_charges').dropColumn('refunded_at').execute();
  if (isSqlite(db)) return rebuildSqlite(db, false);
  await sql`delete from tax_documents where order_id is null`.execute(db);
  await db.schema.alterTable('tax_documents').dropConstraint('tax_documents_one_owner').execute();
  await db.schema.alterTable('tax_documents').dropConstraint('tax_documents_charge_kind').execute();
  await db.schema.alterTable('tax_documents').dropColumn('subscription_charge_id').execute();
  await sql`alter table tax_documents alter column order_id set not null`.execute(db);
}
