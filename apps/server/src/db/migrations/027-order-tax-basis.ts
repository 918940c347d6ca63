import type { Kysely } from 'kysely';

/**
 * What an order's charge was computed with at checkout (issue 16, exclusive prices): whether prices
 * included GST, the rate, the split (intra, inter, lut, none) and the GST in the charge. The invoice
 * issued when the order is paid uses them, so a settings change between checkout and payment cannot
 * make the invoice differ from the charge. Null on orders placed before: they use the settings in force.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('prices_inclusive', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('tax_rate_bp', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('tax_mode', 'varchar(8)').execute();
  await db.schema.alterTable('orders').addColumn('tax_paise', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['tax_paise', 'tax_mode', 'tax_rate_bp', 'prices_inclusive'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
