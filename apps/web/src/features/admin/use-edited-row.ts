import { useState } from 'react';

/**
 * A console list's form state: the row being changed (none: the form makes a new one). `key` gives each
 * edited row a fresh form, so its values start from that row's.
 */
export function useEditedRow<Row extends { id: string }, Input>(toInput: (row: Row) => Input, empty: Input) {
  const [editing, setEditing] = useState<Row | null>(null);
  return {
    key: editing?.id ?? 'new',
    id: editing?.id ?? null,
    initial: editing ? toInput(editing) : empty,
    edit: (row: Row) => setEditing(row),
    done: () => setEditing(null),
  };
}
