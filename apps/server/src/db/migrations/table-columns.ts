import { type ColumnDataType, type CreateTableBuilder, sql } from 'kysely';

/**
 * The column shapes the migrations share, each said once, applied with `$call` to a table being created:
 * `createKeyedTable(db, 'notes').$call(references({ user_id: 'users.id' }, 'cascade')).$call(timestamps)`.
 * A migration that has run on a database must never change what it runs, and these helpers serve migrations
 * that already ran: ../migrations-sql.test.ts pins every statement every migration runs, so a change here that
 * alters any of them fails there. Not a migration itself: index.ts lists the migrations by hand.
 */

type Table<TB extends string, C extends string> = CreateTableBuilder<TB, C>;

/** Columns of one type that every row fills, in the order named. */
export function required<N extends string>(type: ColumnDataType, ...names: N[]) {
  return <TB extends string, C extends string>(table: Table<TB, C>): Table<TB, C | N> =>
    names.reduce<Table<TB, C | N>>((next, name) => next.addColumn(name, type, (col) => col.notNull()), table);
}

/** Columns of one type that may stay null, in the order named. */
export function optional<N extends string>(type: ColumnDataType, ...names: N[]) {
  return <TB extends string, C extends string>(table: Table<TB, C>): Table<TB, C | N> =>
    names.reduce<Table<TB, C | N>>((next, name) => next.addColumn(name, type), table);
}

/** Required columns of one type that a row without them gets the given value in, in the order written. */
export function withDefaults<N extends string>(type: ColumnDataType, defaults: Record<N, string | number>) {
  return <TB extends string, C extends string>(table: Table<TB, C>): Table<TB, C | N> =>
    (Object.entries(defaults) as [N, string | number][]).reduce<Table<TB, C | N>>(
      (next, [name, value]) => next.addColumn(name, type, (col) => col.notNull().defaultTo(value)),
      table,
    );
}

/** `created_at` and `updated_at`: when a row was made and last changed (ISO text, as every time here). */
export const timestamps = required('text', 'created_at', 'updated_at');

/**
 * Required text columns, each naming a row of another table (`{ user_id: 'users.id' }`), in the order
 * written; with `cascade`, deleting that row deletes this one.
 */
export function references<N extends string>(targets: Record<N, `${string}.id`>, onDelete?: 'cascade') {
  return <TB extends string, C extends string>(table: Table<TB, C>): Table<TB, C | N> =>
    (Object.entries(targets) as [N, string][]).reduce<Table<TB, C | N>>(
      (next, [name, target]) =>
        next.addColumn(name, 'text', (col) => {
          const column = col.notNull().references(target);
          return onDelete ? column.onDelete(onDelete) : column;
        }),
      table,
    );
}

/** Required integer columns that are never below zero (amounts of paise, sizes in bytes). */
export function nonNegative<N extends string>(...names: N[]) {
  return <TB extends string, C extends string>(table: Table<TB, C>): Table<TB, C | N> =>
    names.reduce<Table<TB, C | N>>(
      (next, name) => next.addColumn(name, 'integer', (col) => col.notNull().check(sql`${sql.raw(name)} >= 0`)),
      table,
    );
}
