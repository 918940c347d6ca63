interface Props {
  /** What the form saves ('bundle'): the button says "Save bundle" for a change, "Create bundle" for a new one. */
  noun: string;
  editing: boolean;
  busy: boolean;
  /** Cancel, shown only while changing a saved one. */
  onCancel: () => void;
}

/** A console form's buttons: save (or create), and Cancel while editing. */
export function FormActions({ noun, editing, busy, onCancel }: Props) {
  return (
    <div className="admin-actions">
      <button type="submit" className="btn" disabled={busy}>
        {editing ? `Save ${noun}` : `Create ${noun}`}
      </button>
      {editing && (
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
