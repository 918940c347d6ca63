import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * Whole statements the migrations share (see table-columns.ts for the columns). Pinned like those by
 * ../migrations-sql.test.ts; not a migration itself: index.ts lists the migrations by hand.
 */

/** `create table <name>` with `id text primary key` first: the random text id that keys most tables. */
export function createKeyedTable<TB extends string>(db: Kysely<unknown>, name: TB): CreateTableBuilder<TB, 'id'> {
  return db.schema.createTable(name).addColumn('id', 'text', (col) => col.primaryKey());
}

/** `create index <name> on <table> (<columns>)`. */
export async function createIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

/** Drops the tables one after the other, in the order named (the ones that reference others first). */
export async function dropTables(db: Kysely<unknown>, ...tables: string[]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}
