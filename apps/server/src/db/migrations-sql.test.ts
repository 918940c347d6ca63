import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/postgres.js';
import { migrations } from './migrations/index.js';

// Migrations have already run on real databases, so the SQL a migration runs must never change, whether
// someone edits the migration or a helper it shares (migrations/table-columns.ts, schema-statements.ts).
// This test records every statement of every `up`, then every `down`, on an empty database of the engine
// this run uses and compares them with the committed record, character for character.

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

async function emptyDatabase(log: (event: LogEvent) => void): Promise<{ db: Kysely<unknown>; close(): Promise<void> }> {
  if (kind === 'postgres') {
    const fresh = await createPostgresDatabase('sql');
    const db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: fresh.url }) }),
      log,
    });
    const close = async () => {
      await db.destroy();
      await fresh.drop();
    };
    return { db, close };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-sql-'));
  const sqlite = new SQLite(path.join(dir, 'shop.sqlite'));
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }), log });
  const close = async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { db, close };
}

it(`every migration's up and down run the SQL they ran when they shipped (${kind})`, async () => {
  const lines: string[] = [];
  const { db, close } = await emptyDatabase((event) =>
    lines.push(`${event.query.sql}; ${JSON.stringify(event.query.parameters)}`),
  );
  const names = Object.keys(migrations).sort();
  try {
    for (const name of names) {
      lines.push(`-- up ${name}`);
      await migrations[name]?.up(db);
    }
    for (const name of names.toReversed()) {
      lines.push(`-- down ${name}`);
      await migrations[name]?.down?.(db);
    }
  } finally {
    await close();
  }
  await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot(`./__snapshots__/migrations.${kind}.snap`);
});
