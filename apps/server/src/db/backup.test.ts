import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestApp, engine, type TestApp } from '../../test/helpers.js';
import { createPostgresDatabase } from '../../test/postgres.js';
import { runCli } from '../../test/run-cli.js';
import { buy } from '../../test/test-purchases.js';
import type { Config } from '../config.js';
import { demoCourses } from '../seed/seed-courses.js';
import { type Db, openDatabase } from './database.js';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createSeededTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-'));
  for (const course of demoCourses.slice(0, 3)) await buy(t, [course._id ?? '']);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The CLI's environment for a database. */
function envFor(database: Config['database']): Record<string, string> {
  return database.kind === 'postgres'
    ? { DATABASE_URL: database.url, DATA_DIR: dir }
    : { DATA_DIR: path.dirname(database.file) };
}

/** A fresh, empty database to restore into. */
async function emptyDatabase(): Promise<{ config: Config['database']; drop(): Promise<void> }> {
  if (engine === 'postgres') {
    const created = await createPostgresDatabase('restore');
    return { config: { kind: 'postgres', url: created.url }, drop: created.drop };
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-restore-'));
  return {
    config: { kind: 'sqlite', file: path.join(folder, 'shop.sqlite') },
    drop: async () => fs.rmSync(folder, { recursive: true, force: true }),
  };
}

const tables = [
  'users',
  'orders',
  'order_lines',
  'payments',
  'enrolments',
  'tax_documents',
  'kysely_migration',
] as const;

async function snapshot(db: Db) {
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    // biome-ignore lint/suspicious/noExplicitAny: every table of the list, read whole and compared as data
    rows[table] = await (db as any).selectFrom(table).selectAll().execute();
    rows[table]?.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return rows;
}

describe(`db:backup and db:restore (${engine})`, () => {
  it('backs up the live database with its orders and restores it into a fresh one: the same rows', async () => {
    const file = path.join(dir, 'shop.backup');
    const backedUp = await runCli(['db:backup', file], envFor(t.database.config));
    expect(backedUp.output).toContain(`Backed up the ${engine} database to ${file}.`);
    expect(backedUp.status).toBe(0);
    const before = await snapshot(t.database.db);
    expect(before.orders?.length).toBeGreaterThanOrEqual(3);

    // The shop goes on taking orders after the backup; the restored copy is the moment of the backup.
    await buy(t, [demoCourses[3]?._id ?? '']);

    const target = await emptyDatabase();
    try {
      const restored = await runCli(['db:restore', file], envFor(target.config));
      expect(restored.output).toContain(`Restored ${file} into the ${engine} database.`);
      expect(restored.status).toBe(0);
      const handle = openDatabase(target.config);
      try {
        expect(await snapshot(handle.db)).toEqual(before);
      } finally {
        await handle.close();
      }

      const again = await runCli(['db:restore', file], envFor(target.config));
      expect(again.status).toBe(1);
      expect(again.output.trim()).toBe(
        'The database already holds a shop: stop its processes and add --replace to overwrite it, or restore into an empty database.',
      );
      const replaced = await runCli(['db:restore', file, '--replace'], envFor(target.config));
      expect(replaced.status).toBe(0);
    } finally {
      await target.drop();
    }
  }, 120_000);

  it('names a missing backup file', async () => {
    const res = await runCli(['db:restore', path.join(dir, 'none.backup')], envFor(t.database.config));
    expect(res.status).toBe(1);
    expect(res.output.trim()).toBe(`There is no backup at ${path.join(dir, 'none.backup')}.`);
  });
});
