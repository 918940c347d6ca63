import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.js';
import { lockRow } from './repo.js';

// What lockRow sends to the database, compiled by Kysely's own PostgreSQL and SQLite compilers (its
// DummyDriver runs nothing). That the lock holds concurrent payments apart on a real PostgreSQL server is
// shown by orders.test.ts ("replayed 5 times in a row and 10 at once, grants once", "webhook and verify
// racing grant once") under scripts/with-postgres.mjs.

function recorder(kind: 'postgres' | 'sqlite') {
  const sent: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => (kind === 'postgres' ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (kind === 'postgres' ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
      createQueryCompiler: () => (kind === 'postgres' ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
    log: (event) => {
      sent.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  return { db, sent };
}

describe('lockRow', () => {
  it('on PostgreSQL locks exactly the one row of the named table, for update', async () => {
    for (const table of ['orders', 'coupons', 'users'] as const) {
      const { db, sent } = recorder('postgres');
      await lockRow(db, 'postgres', table, 'row-42');
      expect(sent).toEqual([{ sql: `select "id" from "${table}" where "id" = $1 for update`, parameters: ['row-42'] }]);
    }
  });

  it('on SQLite sends nothing: one write transaction runs at a time there, and SQLite has no FOR UPDATE', async () => {
    const { db, sent } = recorder('sqlite');
    await lockRow(db, 'sqlite', 'orders', 'row-42');
    expect(sent).toEqual([]);
  });
});
