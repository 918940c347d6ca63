import type { Config } from './config.js';
import type { Db, DbKind } from './db/database.js';

/** What every module's routes receive: the database and the configuration. Adapters join here as they arrive. */
export interface AppDeps {
  db: Db;
  dbKind: DbKind;
  config: Config;
}
