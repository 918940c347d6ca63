import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new, empty database named `<prefix>_<random>` on the PostgreSQL server TEST_DATABASE_URL names
 * (scripts/with-postgres.mjs sets it); `drop` removes it, whoever is still connected.
 */
export async function createPostgresDatabase(
  prefix: string,
  options: { template?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: run through scripts/with-postgres.mjs');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
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

/**
 * The name of a database already migrated to `migrationCount` migrations, made once per PostgreSQL
 * server (every test process asks; an advisory lock lets one make it) and copied by `create database …
 * template` for each test database: a file copy, where running every migration costs 0.6–1.5 s per
 * database. A test process never connects to it, so copying it never waits. `migrate` brings an empty
 * database at `url` to the latest schema.
 */
export async function migratedTemplate(
  migrationCount: number,
  migrate: (url: string) => Promise<void>,
): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: run through scripts/with-postgres.mjs');
  const template = `template_migrated_${migrationCount}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(7342001)');
    const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (found.rowCount === 0) {
      // Made under another name and renamed when complete: a half-made template is never copied.
      const making = `${template}_making_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${making}`);
      const url = new URL(adminUrl);
      url.pathname = `/${making}`;
      await migrate(url.toString());
      await admin.query(`alter database ${making} rename to ${template}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(7342001)').catch(() => {});
    await admin.end();
  }
  return template;
}
