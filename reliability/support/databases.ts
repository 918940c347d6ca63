import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../apps/server/src/config';
import { type DbHandle, openDatabase } from '../../apps/server/src/db/database';

export type DatabaseKind = 'sqlite' | 'postgres';

/**
 * PostgreSQL scenarios need TEST_DATABASE_URL (scripts/with-postgres.mjs sets it, as `npm run
 * test:reliability` does); each gets its own database, dropped afterwards.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: run through scripts/with-postgres.mjs');
  const name = `r_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The test's own connection to the database a server process uses. */
export function openServerDatabase(env: NodeJS.ProcessEnv): DbHandle {
  const config: Config['database'] = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'sqlite', file: path.join(String(env.DATA_DIR), 'shop.sqlite') };
  return openDatabase(config);
}
