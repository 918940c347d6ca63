import type { Migration } from 'kysely';
import * as catalog from './001-catalog.js';

/** Every migration, in order. Listed by hand so a bundled or compiled server finds them all. */
export const migrations: Record<string, Migration> = {
  '001-catalog': catalog,
};
