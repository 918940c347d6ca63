import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The payment provider's name leaves the database's CHECK: which names an order's `gateway` may hold is
 * decided by the registered providers (payments/providers.ts), so adding one needs no migration
 * (decision 0024). PostgreSQL drops the constraint. SQLite keeps a column's CHECK in the table's
 * definition, so the table is rebuilt from its own definition without it, indexes included, with foreign
 * keys off while the old table goes (the other tables' references then point at the new one).
 */
const CHECK = ` check (gateway in ('razorpay', 'sandbox', 'free'))`;
const COLUMN = '"gateway" text not null';

function isSqlite(db: Kysely<unknown>): boolean {
  return !(db.getExecutor().adapter instanceof PostgresAdapter);
}

async function rebuildOrders(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  const schema = await sql<{ type: string; sql: string | null }>`
    select type, sql from sqlite_master where tbl_name = 'orders' and sql is not null`.execute(db);
  const table = schema.rows.find((row) => row.type === 'table')?.sql ?? '';
  if (!table.includes(from)) return;
  const indexes = schema.rows.filter((row) => row.type === 'index').map((row) => row.sql ?? '');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql
        .raw(table.replace('CREATE TABLE "orders"', 'CREATE TABLE "orders_next"').replace(from, to))
        .execute(trx);
      await sql`insert into orders_next select * from orders`.execute(trx);
      await sql`drop table orders`.execute(trx);
      await sql`alter table orders_next rename to orders`.execute(trx);
      for (const index of indexes) await sql.raw(index).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error('rebuilding orders broke a foreign key');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return rebuildOrders(db, `${COLUMN}${CHECK}`, COLUMN);
  await sql`alter table orders drop constraint if exists orders_gateway_check`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return rebuildOrders(db, `${COLUMN},`, `${COLUMN}${CHECK},`);
  await sql`alter table orders add constraint orders_gateway_check check (gateway in ('razorpay', 'sandbox', 'free'))`.execute(
    db,
  );
}
