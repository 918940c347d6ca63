import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  Migrator,
  PostgresDialect,
  type QueryResult,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely';
import type { Config } from '../config.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type DbKind = Config['database']['kind'];

export interface DbHandle {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

/** The PostgreSQL driver, loaded only when the shop runs on PostgreSQL (it costs ~15 MB of memory). */
function loadPg(): typeof import('pg') {
  const pg = createRequire(import.meta.url)('pg') as typeof import('pg');
  // PostgreSQL returns BIGINT (COUNT, SUM) as strings by default; our sums stay far below 2^53.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
  return pg;
}

export function openDatabase(database: Config['database']): DbHandle {
  if (database.kind === 'postgres') {
    const pg = loadPg();
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const writeStatements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: writeStatements }) });
  // Hot reads are answered synchronously (see `directReader`). Between transactions the writing connection
  // answers them: its page cache stays valid across its own commits, where any other connection must drop
  // its whole cache after every write. While a transaction is open on it (a request awaiting between two
  // statements), a second, read-only connection answers instead: in WAL mode it reads the last committed
  // state and never waits for the writer.
  const reader = new SQLite(database.file, { readonly: true });
  reader.pragma('busy_timeout = 5000');
  const readStatements = withStatementCache(reader);
  readers.set(db, (text, parameters) =>
    (sqlite.inTransaction ? readStatements : writeStatements).prepare(text).all(parameters),
  );
  const writer = groupCommitWriter(db, sqlite, writeStatements);
  writers.set(db, writer.write);
  return {
    db,
    kind: 'sqlite',
    close: async () => {
      writers.delete(db);
      await writer.settled();
      readers.delete(db);
      readStatements.close();
      await db.destroy();
    },
  };
}

/**
 * Kysely begins SQLite transactions with a plain (deferred) BEGIN: the transaction reads, then tries to
 * take the write lock, and if another process (the `payments:reconcile` CLI, an admin script) wrote in
 * between, SQLite refuses at once with "database is locked" — the busy timeout does not apply to that
 * upgrade. BEGIN IMMEDIATE takes the write lock first, so a transaction waits its turn instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }
}

type Reader = (sql: string, parameters: readonly unknown[]) => unknown[];
const readers = new WeakMap<Db, Reader>();

/**
 * For a SQLite database used outside a transaction: runs a SELECT at once on the read-only connection,
 * which sees every committed write. Kysely's own path queues each query behind the single writing
 * connection and costs several promise turns; a hot read needs neither. Undefined for PostgreSQL and for
 * a transaction (whose reads must see its own uncommitted writes).
 */
export function directReader(db: Db): Reader | undefined {
  return readers.get(db);
}

type Writer = (sql: string, parameters: readonly unknown[]) => Promise<QueryResult<unknown>>;
const writers = new WeakMap<Db, Writer>();

/**
 * For a SQLite database used outside a transaction: runs a single writing statement as part of the next
 * group commit (see `groupCommitWriter`). Undefined for PostgreSQL and for a transaction.
 */
export function groupedWriter(db: Db): Writer | undefined {
  return writers.get(db);
}

interface QueuedWrite {
  sql: string;
  parameters: readonly unknown[];
  resolve(result: QueryResult<unknown>): void;
  reject(error: unknown): void;
}

/**
 * Group commit. A commit costs SQLite about 25 µs (WAL frame writes, locks) where the statement itself
 * costs 2–3 µs, so single writing statements issued outside a transaction — adding to or removing from
 * a cart, queueing a mail, marking a session — are collected while the event loop handles the current
 * batch of requests and then run together in one IMMEDIATE transaction. Each caller's promise settles
 * after that commit, with its own statement's result or error: a statement that fails (a constraint)
 * is undone alone, as SQLite undoes only the failing statement, and the others commit. If the
 * transaction itself is lost (the disk is full, the commit fails), every caller in it gets the error
 * and nothing of the group is kept. The group takes Kysely's connection like any query, so it never
 * lands inside another request's transaction.
 */
function groupCommitWriter(db: Db, sqlite: SQLite.Database, statements: SqliteDatabase) {
  let queue: QueuedWrite[] = [];
  let flushing: Promise<void> = Promise.resolve();

  const runOne = ({ sql, parameters }: QueuedWrite): QueryResult<unknown> => {
    const statement = statements.prepare(sql) as unknown as SQLite.Statement;
    if (statement.reader) return { rows: statement.all(parameters) };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  };

  const runGroup = (group: QueuedWrite[]) => {
    let outcomes: ({ result: QueryResult<unknown> } | { error: unknown })[];
    try {
      statements.prepare('begin immediate').run([]);
      outcomes = group.map((item) => {
        try {
          return { result: runOne(item) };
        } catch (error) {
          // SQLite undid just this statement, unless the error ended the whole transaction.
          if (!sqlite.inTransaction) throw error;
          return { error };
        }
      });
      statements.prepare('commit').run([]);
    } catch (error) {
      if (sqlite.inTransaction) statements.prepare('rollback').run([]);
      for (const item of group) item.reject(error);
      return;
    }
    group.forEach((item, index) => {
      const outcome = outcomes[index];
      if (outcome && 'result' in outcome) item.resolve(outcome.result);
      else item.reject(outcome?.error);
    });
  };

  const flush = () => {
    const group = queue;
    queue = [];
    flushing = db
      .connection()
      .execute(async () => runGroup(group))
      .catch((error: unknown) => {
        for (const item of group) item.reject(error);
      });
  };

  return {
    write(sql: string, parameters: readonly unknown[]): Promise<QueryResult<unknown>> {
      return new Promise((resolve, reject) => {
        if (queue.length === 0) setImmediate(flush);
        queue.push({ sql, parameters, resolve, reject });
      });
    },
    /** Resolves once every write queued so far has been committed or refused. */
    async settled(): Promise<void> {
      while (queue.length > 0) await new Promise((resolve) => setImmediate(resolve));
      await flushing;
    },
  };
}

/** Most statements a connection keeps prepared; the least recently prepared one is dropped past this. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; SQLite's parse and plan then cost more than running the query.
 * The same SQL text (values are always bound parameters) reuses its prepared statement instead.
 * Kysely runs one query at a time on the connection and never streams here, so a statement is never
 * in use twice at once.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
        statements.set(text, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

/**
 * Runs the migrations this database has not run yet and answers their names. On PostgreSQL, Kysely's
 * Migrator holds a session advisory lock (pg_advisory_lock) from reading what has run to the last
 * migration, so N processes starting together migrate once: the first runs them, the others wait on
 * the lock and then find nothing left to run (migrate-concurrently.test.ts). SQLite's file lock does
 * the same for processes sharing one file.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Issues land in parallel branches, so a later-numbered migration may reach a database before an earlier one.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}

/** Names of the migrations this code has that the database has not run (another process may be running them). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  return (await migrator.getMigrations()).filter((migration) => !migration.executedAt).map((m) => m.name);
}

export async function isReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
