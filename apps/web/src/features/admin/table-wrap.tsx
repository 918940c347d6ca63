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
