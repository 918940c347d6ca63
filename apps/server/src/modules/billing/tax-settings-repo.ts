import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';

const SETTINGS_ID = 'shop';

// Read in every paying transaction (the invoice is issued with the settings in force at that moment).
const settingsRow = preparedQuery<{ id: string }>()((db, value) =>
  db.selectFrom('tax_settings').select(['data', 'updated_at', 'updated_by']).where('id', '=', value('id')),
);

/** The saved settings row (JSON text), or undefined while the TAX_* environment values apply. */
export function findSavedTaxSettings(db: Db) {
  return settingsRow.first(db, { id: SETTINGS_ID });
}

export async function saveTaxSettingsRow(trx: Db, data: string, updatedBy: string, now: Date): Promise<void> {
  const row = { data, updated_at: now.toISOString(), updated_by: updatedBy };
  await trx
    .insertInto('tax_settings')
    .values({ id: SETTINGS_ID, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}
