import type { Migration } from 'kysely';
import * as catalog from './001-catalog.js';
import * as accounts from './002-accounts.js';
import * as content from './003-content.js';

/** Every migration, in order. Listed by hand so a bundled or compiled server finds them all. */
export const migrations: Record<string, Migration> = {
  '001-catalog': catalog,
  '002-accounts': accounts,
  '003-content': content,
};
