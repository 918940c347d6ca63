import type { Db } from './database.js';

/** Facts about the installation itself (not the business), one row each: see migration 026. */
export async function saveSettingOnce(db: Db, name: string, value: string): Promise<void> {
  await db
    .insertInto('instance_settings')
    .values({ name, value, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

export async function readSetting(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('instance_settings').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/** Writes a setting the console may change (a later save replaces it). */
export async function saveSetting(db: Db, name: string, value: string): Promise<void> {
  await db
    .insertInto('instance_settings')
    .values({ name, value, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value }))
    .execute();
}
