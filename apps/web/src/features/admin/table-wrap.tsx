import { messages } from '@shop/shared';
import type { ReactNode } from 'react';

/** A table that scrolls sideways on small screens; focusable so keyboard users can scroll it too. */
export function TableWrap({ label, busy, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="admin-table-wrap" aria-label={label} aria-busy={busy} tabIndex={0}>
      {children}
    </section>
  );
}

/** A table's header row: one column heading per name. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Rows with an id are keyed by it; others name their key. */
type RowKey<Row> = Row extends { id: string } ? { rowKey?: never } : { rowKey: (row: Row) => string };

type AdminTableProps<Row> = RowKey<Row> & {
  label: string;
  /** The label is also the list's heading (h2), shown above it. */
  heading?: boolean;
  busy?: boolean;
  columns: readonly string[];
  /** Undefined while loading: the loading line stands in the table's place. */
  rows: readonly Row[] | undefined;
  /** What stands in the table's place when there are no rows (none: an empty table). */
  empty?: ReactNode;
  /** One row's cells. */
  children: (row: Row) => ReactNode;
};

/** A console list: loading line, then the empty-state line or a scrollable table with one row per item. */
export function AdminTable<Row>({
  label,
  heading,
  busy,
  columns,
  rows,
  rowKey,
  empty,
  children,
}: AdminTableProps<Row>) {
  const list = !rows ? (
    <p className="state-message">{messages.loading}</p>
  ) : rows.length === 0 && empty ? (
    empty
  ) : (
    <TableWrap label={label} busy={busy}>
      <table className="admin-table">
        <TableHead columns={columns} />
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey ? rowKey(row) : (row as { id: string }).id}>{children(row)}</tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
  if (!heading) return list;
  return (
    <>
      <h2>{label}</h2>
      {list}
    </>
  );
}

/** A small outlined button in a table row, named for the row it acts on. */
export function RowButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn btn-small btn-outline"
      disabled={disabled}
      onClick={onClick}
      aria-label={label}
    >
      {children}
    </button>
  );
}
