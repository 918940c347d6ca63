import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/postgres.js';
import { migrateToLatest, openDatabase } from './database.js';
import { migrations } from './migrations/index.js';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('migrations when several processes start together', () => {
  it('three migrators on a fresh PostgreSQL database all succeed and every migration runs exactly once', async () => {
    const fresh = await createPostgresDatabase('mig');
    // Each its own pool, as three shop processes would have.
    const handles = [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: fresh.url }));
    try {
      const runs = await Promise.all(handles.map((handle) => migrateToLatest(handle.db)));
      const ran = runs.flat();
      expect(ran.sort()).toEqual(Object.keys(migrations).sort());
      // One process ran them all; the others waited on the lock and found nothing left.
      expect(runs.filter((names) => names.length > 0)).toHaveLength(1);
      const rows = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(handles[0]!.db);
      expect(rows.rows[0]?.n).toBe(Object.keys(migrations).length);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await fresh.drop();
    }
  }, 60_000);
});
