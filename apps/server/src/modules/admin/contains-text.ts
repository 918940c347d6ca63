import { type Expression, type RawBuilder, sql } from 'kysely';

/**
 * `value LIKE '%text%'` where the searched text's own `%`, `_` and `\` match themselves. SQLite has no
 * default escape character, so the ESCAPE clause is written out; PostgreSQL reads it the same way.
 * The caller lower-cases both sides when the match should ignore case.
 */
export function containsText(value: Expression<string>, text: string): RawBuilder<boolean> {
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`${value} like ${pattern} escape '\\'`;
}
