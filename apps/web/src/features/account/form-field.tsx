import type { UseFormRegisterReturn } from 'react-hook-form';

interface FormFieldProps {
  id: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  error?: string;
  /** A line under the input saying what it is for; read with it by screen readers. */
  hint?: string;
  maxLength?: number;
  registration: UseFormRegisterReturn;
}

/** A labelled input with its hint and validation message underneath, tied to it for screen readers. */
export function FormField({
  id,
  label,
  type = 'text',
  autoComplete,
  error,
  hint,
  maxLength,
  registration,
}: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...registration}
      />
      {hint && (
        <p id={hintId} className="auth-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Under a form: what went wrong (announced at once) or what was done (announced politely). */
export function FormOutcome({ failure, done }: { failure: string | null; done: string | null }) {
  return (
    <>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      {done && (
        <p className="form-notice" role="status">
          {done}
        </p>
      )}
    </>
  );
}
