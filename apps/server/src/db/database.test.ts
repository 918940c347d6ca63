import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { migrateToLatest } from './database.js';
import { seedIfEmpty } from './seed.js';

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
