import { type Compilable, CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import { directReader, groupedWriter } from './database.js';
import type { Database } from './schema.js';

/** Stands for a value the query receives each time it runs; Kysely binds it as an ordinary parameter. */
class Slot {
  constructor(readonly name: string) {}
}

/** The template's parameters with each slot replaced by the call's value for it. */
function bind(parameters: readonly unknown[], args: object): unknown[] {
  return parameters.map((parameter) =>
    parameter instanceof Slot ? (args as Record<string, unknown>)[parameter.name] : parameter,
  );
}

type Builder<Args, Row> = (db: Kysely<Database>, value: <K extends keyof Args>(name: K) => Args[K]) => Compilable<Row>;

interface Template {
  sql: string;
  parameters: readonly unknown[];
  select: boolean;
}

/**
 * A query on a hot path, built with Kysely's query builder once per dialect and then only re-bound.
 * Building and compiling a query costs more than SQLite takes to run it; the SQL text never changes
 * between calls (every value is a bound parameter), so it is compiled on first use and reused.
 *
 * `value('name')` marks where a call's argument goes. It may stand only where Kysely binds a single
 * value (a comparison, an insert value, a set value); lists (`in`) and identifiers must be fixed.
 * Called as `preparedQuery<{ userId: string }>()((db, value) => db.selectFrom(...)...)`, so the row
 * type is inferred from the builder.
 */
export function preparedQuery<Args extends object>() {
  return <Row>(build: Builder<Args, Row>) => prepare(build);
}

function prepare<Args extends object, Row>(build: Builder<Args, Row>) {
  // Keyed by the dialect's adapter, which a database and its transactions share.
  const templates = new WeakMap<object, Template>();
  // The last database asked about, and its template: a server has one database, so this answers almost every call.
  let lastDb: Kysely<Database> | undefined;
  let lastTemplate: Template | undefined;
  const template = (db: Kysely<Database>): Template => {
    if (db === lastDb && lastTemplate) return lastTemplate;
    const adapter = db.getExecutor().adapter;
    let found = templates.get(adapter);
    if (!found) {
      const compiled = build(db, (name) => new Slot(String(name)) as never).compile();
      found = { sql: compiled.sql, parameters: compiled.parameters, select: compiled.query.kind === 'SelectQueryNode' };
      templates.set(adapter, found);
    }
    lastDb = db;
    lastTemplate = found;
    return found;
  };
  return {
    /** The statement's text with its placeholders, for a test that asks the database how it runs it. */
    text(db: Kysely<Database>): string {
      return template(db).sql;
    },
    async execute(db: Kysely<Database>, args: Args): Promise<QueryResult<Row>> {
      const { sql, parameters, select } = template(db);
      const bound = bind(parameters, args);
      if (select) {
        const reader = directReader(db);
        if (reader) return { rows: reader(sql, bound) as Row[] };
      } else {
        const writer = groupedWriter(db);
        if (writer) return (await writer(sql, bound)) as QueryResult<Row>;
      }
      return db.executeQuery<Row>(CompiledQuery.raw(sql, bound));
    },
    async rows(db: Kysely<Database>, args: Args): Promise<Row[]> {
      return (await this.execute(db, args)).rows;
    },
    async first(db: Kysely<Database>, args: Args): Promise<Row | undefined> {
      return (await this.execute(db, args)).rows[0];
    },
  };
}

/** `{ column: value('column') }` for every column: an insert whose values are all bound per call. */
export function boundValues<Args extends object>(
  value: <K extends keyof Args>(name: K) => Args[K],
  columns: readonly (keyof Args)[],
): Args {
  return Object.fromEntries(columns.map((column) => [column, value(column)])) as Args;
}
