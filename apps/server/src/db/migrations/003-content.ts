import type { Kysely } from 'kysely';
import { createIndex, createKeyedTable, dropTables } from './schema-statements.js';
import { required, withDefaults } from './table-columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'contact_messages')
    .$call(required('text', 'name', 'email'))
    .addColumn('website', 'text')
    .$call(required('text', 'message'))
    .addColumn('ip', 'text')
    .$call(withDefaults('integer', { handled: 0 }))
    .$call(required('text', 'created_at'))
    .execute();
  await createIndex(db, 'contact_messages_handled_created', 'contact_messages', ['handled', 'created_at']);

  await createKeyedTable(db, 'newsletter_subscribers')
    .$call(required('text', 'email'))
    .addColumn('email_lower', 'text', (col) => col.notNull().unique())
    .$call(required('text', 'created_at'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, 'newsletter_subscribers', 'contact_messages');
}
