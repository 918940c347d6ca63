import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

const run = promisify(execFile);

/** PostgreSQL's client tools: on PATH, else the newest version Debian's packages installed. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((version) => fs.existsSync(path.join(root, version, 'bin', name)))
    : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new AppError('bad_request', `${name} was not found: install PostgreSQL's client tools`);
  return path.join(root, versions[0], 'bin', name);
}

/** The URL without its password, which goes in PGPASSWORD instead: a command line is visible to every user of the machine. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Written beside the target and renamed onto it, so a file with the backup's name is always a whole backup. */
async function writeWhole(file: string, write: (temporary: string) => Promise<void>): Promise<void> {
  const temporary = `${file}.partial`;
  fs.rmSync(temporary, { force: true });
  try {
    await write(temporary);
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * A consistent copy of the live database, taken while the shop runs: SQLite's online backup API (pages
 * copied in steps, restarting if a write lands meanwhile, so the copy is one moment's state), or
 * `pg_dump` in its custom format (one snapshot transaction) for PostgreSQL.
 */
export async function backupDatabase(database: Config['database'], file: string): Promise<void> {
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (database.kind === 'sqlite') {
    if (!fs.existsSync(database.file)) throw new AppError('not_found', `There is no database at ${database.file}.`);
    const source = new SQLite(database.file, { readonly: true, fileMustExist: true });
    try {
      await writeWhole(target, async (temporary) => {
        await source.backup(temporary);
      });
    } finally {
      source.close();
    }
    return;
  }
  const { dbname, env } = connection(database.url);
  await writeWhole(target, async (temporary) => {
    await run(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${temporary}`, dbname], {
      env,
    });
  });
}

async function holdsShop(database: Config['database']): Promise<boolean> {
  if (database.kind === 'sqlite') {
    if (!fs.existsSync(database.file)) return false;
    const db = new SQLite(database.file, { readonly: true });
    try {
      return Boolean(db.prepare("select 1 from sqlite_master where name = 'kysely_migration'").get());
    } finally {
      db.close();
    }
  }
  const { dbname, env } = connection(database.url);
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: dbname, password: env.PGPASSWORD });
  await client.connect();
  try {
    const { rows } = await client.query("select to_regclass('public.kysely_migration') is not null as found");
    return Boolean(rows[0]?.found);
  } finally {
    await client.end();
  }
}

/**
 * Puts a backup back. Into an empty database by default; over a shop's database only with `replace`
 * (stop the shop's processes first): PostgreSQL then drops and recreates every object in one
 * transaction, so a failed restore leaves the database as it was.
 */
export async function restoreDatabase(
  database: Config['database'],
  file: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<void> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new AppError('not_found', `There is no backup at ${source}.`);
  if (!replace && (await holdsShop(database))) {
    throw new AppError(
      'conflict',
      'The database already holds a shop: stop its processes and add --replace to overwrite it, or restore into an empty database.',
    );
  }
  if (database.kind === 'sqlite') {
    const backup = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      if (!backup.prepare("select 1 from sqlite_master where name = 'kysely_migration'").get()) {
        throw new AppError('bad_request', `${source} is not a backup of this shop's database.`);
      }
      fs.mkdirSync(path.dirname(database.file), { recursive: true });
      await backup.backup(database.file);
    } finally {
      backup.close();
    }
    return;
  }
  const { dbname, env } = connection(database.url);
  await run(
    pgTool('pg_restore'),
    [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      ...(replace ? ['--clean', '--if-exists'] : []),
      `--dbname=${dbname}`,
      source,
    ],
    { env },
  );
}
