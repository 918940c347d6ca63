import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, engine, testConfig } from '../../../test/helpers.js';
import { freePort } from '../../../test/processes.js';
import { startTestS3, type TestS3 } from '../../../test/test-s3.js';
import { buildApp } from '../../app.js';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.close());

describe(`/api/ready (${engine})`, () => {
  it('is ready when the database answers, every migration has run and the store answers', async () => {
    const t = await createTestApp(s3.env);
    try {
      const res = await t.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, database: 'up', migrations: 'done', storage: 'up' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ ok: true, database: 'up' });
    } finally {
      await t.close();
    }
  });

  it('names the store when the bucket cannot be reached (503), while /api/health still answers', async () => {
    const nobody = await freePort();
    const t = await createTestApp({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${nobody}` });
    try {
      const res = await t.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ok: false, database: 'up', migrations: 'done', storage: 'down' });
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is not ready while a migration this code has is not yet run', async () => {
    const t = await createTestApp();
    try {
      await sql`delete from kysely_migration where name = '026-instance-settings'`.execute(t.database.db);
      const res = await t.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ok: false, database: 'up', migrations: 'pending' });
    } finally {
      await t.close();
    }
  });

  it('names the database when it does not answer', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: { ...testConfig(), database: database.config }, database, logger: false });
    await app.ready();
    await database.close();
    const res = await app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ ok: false, database: 'down' });
    await app.close();
  });
});
