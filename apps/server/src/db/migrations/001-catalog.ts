import type { Kysely } from 'kysely';
import { createIndex, createKeyedTable } from './schema-statements.js';
import { nonNegative, required, timestamps, withDefaults } from './table-columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createKeyedTable(db, 'courses')
    .$call(required('text', 'title', 'thumb', 'tag'))
    .$call(withDefaults('real', { rating: 4.5 }))
    .$call(required('text', 'instructor'))
    .$call(nonNegative('price_paise'))
    .$call(required('text', 'level'))
    .$call(withDefaults('text', { video_link: '' }))
    .$call(withDefaults('integer', { students: 0 }))
    .$call(withDefaults('text', { course_description: '', description: '', what_youll_learn: '[]', curriculum: '[]' }))
    .$call(withDefaults('integer', { published: 1 }))
    .$call(timestamps)
    .execute();
  await createIndex(db, 'courses_published_created', 'courses', ['published', 'created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('courses').execute();
}
