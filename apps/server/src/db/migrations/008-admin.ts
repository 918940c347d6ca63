import type { Kysely } from 'kysely';
import { createIndex, createKeyedTable } from './schema-statements.js';
import { optional, required } from './table-columns.js';

/** The operator console's audit trail: who changed what, when, and the record before and after. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'audit_log')
    .$call(required('text', 'actor_id', 'actor_email', 'action', 'entity', 'entity_id'))
    .$call(optional('text', 'before_json', 'after_json'))
    .$call(required('text', 'created_at'))
    .execute();
  await createIndex(db, 'audit_log_created', 'audit_log', ['created_at']);
  await createIndex(db, 'audit_log_entity', 'audit_log', ['entity', 'entity_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
