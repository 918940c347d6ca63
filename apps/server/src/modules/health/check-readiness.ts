import { isReachable, pendingMigrations } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';

/** A probe that hangs (a store behind a dead network) counts as down after this long. */
const PROBE_MS = 2_000;

function within<T>(ms: number, work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

export interface Readiness {
  ok: boolean;
  database: 'up' | 'down';
  migrations: 'done' | 'pending' | 'unknown';
  storage: 'up' | 'down';
}

/**
 * Whether this process may take traffic. Migrations never un-run, so once they are all done the
 * question is not asked again; the database and the store are asked at every check.
 */
export function checkReadiness({ db, storage }: Pick<AppDeps, 'db' | 'storage'>): () => Promise<Readiness> {
  let migrated = false;
  return async () => {
    const [database, files] = await Promise.all([
      within(PROBE_MS, isReachable(db), false),
      within(
        PROBE_MS,
        storage.check().then(() => true),
        false,
      ),
    ]);
    let migrations: Readiness['migrations'] = 'unknown';
    if (migrated) migrations = 'done';
    else if (database) {
      const pending = await within(PROBE_MS, pendingMigrations(db), null);
      migrated = pending?.length === 0;
      migrations = pending === null ? 'unknown' : migrated ? 'done' : 'pending';
    }
    return {
      ok: database && files && migrations === 'done',
      database: database ? 'up' : 'down',
      migrations,
      storage: files ? 'up' : 'down',
    };
  };
}
