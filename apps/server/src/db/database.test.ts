import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { seedIfEmpty } from '../seed/seed.js';
import { migrateToLatest, openDatabase } from './database.js';

const require = createRequire(import.meta.url);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`database (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  it('runs on the engine the environment asks for', () => {
    expect(t.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
  });

  it('migrations are idempotent', async () => {
    await migrateToLatest(t.database.db);
    const count = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(t.database.db);
    expect(Number(count.rows[0]?.n)).toBeGreaterThan(0);
  });

  it('seeds an empty database once', async () => {
    expect(await seedIfEmpty(t.database.db)).toBe(12);
    expect(await seedIfEmpty(t.database.db)).toBe(0);
  });

  it('reports reachability on /api/health', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: 'up' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ok: false, message: 'No such address on this server.' });
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('sqlite with another process writing', () => {
  it('a transaction that reads and then writes waits its turn instead of failing with "database is locked"', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-db-'));
    const file = path.join(dir, 'shop.sqlite');
    const handle = openDatabase({ kind: 'sqlite', file });
    try {
      await sql`create table tally (source text not null)`.execute(handle.db);
      // Another process (as the payments:reconcile CLI would be) commits small writes for two seconds.
      const writer = spawn(
        process.execPath,
        [
          '-e',
          `const db = new (require('better-sqlite3'))(process.argv[1]); db.pragma('busy_timeout = 5000');
           const insert = db.prepare("insert into tally (source) values ('other')");
           const until = Date.now() + 2000; let n = 0; process.stdout.write('ready ');
           while (Date.now() < until) { insert.run(); n++; }
           process.stdout.write('wrote ' + n);`,
          file,
        ],
        { cwd: path.dirname(require.resolve('better-sqlite3/package.json')) },
      );
      let output = '';
      let errors = '';
      let writerDone = false;
      writer.stdout.on('data', (chunk) => {
        output += chunk;
      });
      writer.stderr.on('data', (chunk) => {
        errors += chunk;
      });
      const exited = new Promise((resolve) =>
        writer.on('exit', (code) => {
          writerDone = true;
          resolve(code);
        }),
      );
      // Every wait is bounded, so a writer that dies or a loaded machine fails with what happened, not a timeout.
      const deadline = Date.now() + 30_000;
      while (!output.includes('ready') && !writerDone && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(output, `the other process did not start: ${errors}`).toContain('ready');

      let ours = 0;
      const failures: string[] = [];
      // Our transactions run for as long as the other process writes.
      while (!output.includes('wrote') && !writerDone && Date.now() < deadline) {
        try {
          await handle.db.transaction().execute(async (trx) => {
            await sql`select count(*) as n from tally`.execute(trx);
            await new Promise((resolve) => setImmediate(resolve));
            await sql`insert into tally (source) values ('ours')`.execute(trx);
          });
          ours += 1;
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
      await exited;
      expect(output, `the other process did not finish writing: ${errors}`).toMatch(/wrote \d+/);
      const theirs = Number(output.match(/wrote (\d+)/)?.[1]);
      const rows = await sql<{
        source: string;
        n: number;
      }>`select source, count(*) as n from tally group by source order by source`.execute(handle.db);
      expect(failures.slice(0, 3)).toEqual([]);
      expect(ours).toBeGreaterThan(10);
      expect(rows.rows).toEqual([
        { source: 'other', n: theirs },
        { source: 'ours', n: ours },
      ]);
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
