import type { Db } from '../../db/database.js';
import type { TaxSettings } from '../../tax-config.js';
import { findSavedTaxSettings } from './tax-settings-repo.js';

/** The last saved JSON and what it gave, so a purchase pays for one point read and no parse. */
let parsed: { json: string; defaults: TaxSettings; settings: TaxSettings } | undefined;

/**
 * The settings in force: the operator's saved ones (console page), over the TAX_* environment values,
 * which are the defaults for a fresh start. Read from the database each time (inside the caller's
 * transaction when given one), so every process of a scaled-out shop issues with the same settings.
 */
export async function currentTaxSettings(db: Db, defaults: TaxSettings): Promise<TaxSettings> {
  const row = await findSavedTaxSettings(db);
  if (!row) return defaults;
  if (parsed?.json !== row.data || parsed.defaults !== defaults)
    parsed = { json: row.data, defaults, settings: { ...defaults, ...(JSON.parse(row.data) as Partial<TaxSettings>) } };
  return parsed.settings;
}
