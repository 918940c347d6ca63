import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { DoneNotice } from './done-notice';

/** The class names of a field's parts, so each area keeps its look with the same markup. */
export interface FieldLook {
  field: string;
  hint: string;
  error: string;
}
const accountLook: FieldLook = { field: 'form-field', hint: 'auth-hint', error: 'field-error' };

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  /** A line under the control saying what it is for; read with it by screen readers. */
  hint?: string | undefined;
  look?: FieldLook;
}

interface InputFieldProps extends FieldProps {
  type?: HTMLInputTypeAttribute;
  autoComplete: string;
  maxLength?: number;
  /** The field's react-hook-form registration (`bindFields` in form-binding.ts, or `register(name)`). */
  registration: UseFormRegisterReturn;
  children?: never;
}

interface ControlFieldProps extends FieldProps {
  /** Any other control (textarea, select, a list editor), given the ids that describe it and whether it is invalid. */
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
  registration?: never;
}

/**
 * The one form field of the web app: a label, the control, its hint and its validation message
 * underneath, tied to the control for screen readers. A text input by default; any other control
 * through `children`. No form library here: a page that does without one loads none.
 */
export function FormField(props: InputFieldProps | ControlFieldProps) {
  const { id, label, error, hint, look = accountLook } = props;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={look.field}>
      <label htmlFor={id}>{label}</label>
      {props.registration ? (
        <input
          id={id}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          maxLength={props.maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...props.registration}
        />
      ) : (
        props.children?.(describedBy, Boolean(error))
      )}
      {hint && (
        <p id={hintId} className={look.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={look.error}>
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
      {done && <DoneNotice lines={done} />}
    </>
  );
}
