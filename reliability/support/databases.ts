import path from 'node:path';
import type { Config } from '../../apps/server/src/config';
import { type DbHandle, openDatabase } from '../../apps/server/src/db/database';
import { createPostgresDatabase as createServerTestDatabase } from '../../apps/server/test/postgres';

export type DatabaseKind = 'sqlite' | 'postgres';

/**
 * PostgreSQL scenarios need TEST_DATABASE_URL (scripts/with-postgres.mjs sets it, as `npm run
 * test:reliability` does); each gets its own database, dropped afterwards.
 */
export const createPostgresDatabase = () => createServerTestDatabase('r');

/** The test's own connection to the database a server process uses. */
export function openServerDatabase(env: NodeJS.ProcessEnv): DbHandle {
  const config: Config['database'] = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'sqlite', file: path.join(String(env.DATA_DIR), 'shop.sqlite') };
  return openDatabase(config);
}
