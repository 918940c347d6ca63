import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { createSession } from '../src/auth/session.js';
import { type Config, loadConfig } from '../src/config.js';
import { type Db, type DbHandle, migrateToLatest, openDatabase } from '../src/db/database.js';
import { newId } from '../src/ids.js';
import { seedDemo } from '../src/seed/seed.js';
import { createPostgresDatabase } from './postgres.js';

/** The engine the API suite runs on this time, for test names: `npm test` runs it on both. */
export const engine: 'postgres' | 'sqlite' = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export interface TestDatabase extends DbHandle {
  config: Config['database'];
}

/**
 * A fresh, migrated database for one test: a new SQLite file, or, when TEST_DATABASE_URL names a
 * PostgreSQL server (see scripts/with-postgres.mjs), a new database on it that is dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  let config: Config['database'];
  let drop: () => Promise<void>;
  if (process.env.TEST_DATABASE_URL) {
    const created = await createPostgresDatabase('t');
    config = { kind: 'postgres', url: created.url };
    drop = () => created.drop();
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
    config = { kind: 'sqlite', file: path.join(dir, 'shop.sqlite') };
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const handle = openDatabase(config);
  await migrateToLatest(handle.db);
  return {
    ...handle,
    config,
    async close() {
      await handle.close();
      await drop();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh database, driven through `app.inject()` with no open port. No background work
 * runs: a test that needs its uploads transcoded calls `startVideoWork(app)` (modules/video), one that
 * needs the shop's jobs `runJobs(app)`, as server.ts does.
 */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = { ...testConfig(overrides), database: database.config };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** The app with the demo catalogue (courses, lessons and their files). */
export async function createSeededTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp(overrides);
  await seedDemo(t.database.db, t.app.deps.storage);
  return t;
}

/** The app with the demo courses in its database but not their files: what checkout and billing tests buy. */
export async function createDemoShopApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp(overrides);
  await seedDemo(t.database.db);
  return t;
}

export interface TestUser {
  id: string;
  email: string;
  username: string;
  token: string;
  /** A `cookie` header value carrying the session, as a browser would send it. */
  cookie: string;
}

let userCounter = 0;

/** A verified learner (or admin) with an open session, written straight to the database. */
export async function createSignedInUser(
  db: Db,
  overrides: { role?: 'learner' | 'admin'; email?: string; username?: string } = {},
): Promise<TestUser> {
  userCounter += 1;
  const suffix = `${Date.now().toString(36)}${userCounter}`;
  const email = overrides.email ?? `learner-${suffix}@example.com`;
  const username = overrides.username ?? `learner_${suffix}`;
  const id = newId();
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id,
      username,
      email,
      email_lower: email.toLowerCase(),
      password_hash: null,
      email_verified_at: now,
      google_sub: null,
      role: overrides.role ?? 'learner',
      created_at: now,
      updated_at: now,
    })
    .execute();
  const token = await createSession(db, id);
  return { id, email, username, token, cookie: `token=${token}` };
}

/** Stands for whatever `current()` returns at each use, so a file can name at its top an object its hooks build anew. */
export function standIn<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key),
    set: (_, key, value) => Reflect.set(current(), key, value),
  });
}
