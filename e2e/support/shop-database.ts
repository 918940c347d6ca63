import Database from 'better-sqlite3';
import { inject } from 'vitest';

/** The e2e server's SQLite database, written the way the server itself (or a CLI command) writes it. */
function openShopDatabase(): Database.Database {
  const db = new Database(`${inject('dataDir')}/shop.sqlite`);
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
}

/** Runs `work` on the e2e server's database and closes it, whatever happens. */
export function withShopDatabase<T>(work: (db: Database.Database) => T): T {
  const db = openShopDatabase();
  try {
    return work(db);
  } finally {
    db.close();
  }
}
