import type { ReactNode } from 'react';

interface AdminFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}

/** A label, the control, a hint and the field's error underneath, tied together for screen readers. */
export function AdminField({ id, label, error, hint, children }: AdminFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {children(describedBy, Boolean(error))}
      {hint && (
        <p id={hintId} className="admin-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="admin-error">
          {/^[A-Z]/.test(error) ? error : `${label} ${error}`}
        </p>
      )}
    </div>
  );
}
