import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { type FieldLook, FormField } from '../../components/ui/form-field';

const adminLook: FieldLook = { field: 'admin-field', hint: 'admin-hint', error: 'admin-error' };

interface AdminFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}

/** The console's look of the one FormField; an API message ('must be …') is shown after the field's label. */
export function AdminField({ id, label, error, hint, children }: AdminFieldProps) {
  return (
    <FormField
      id={id}
      label={label}
      hint={hint}
      look={adminLook}
      error={error && (/^[A-Z]/.test(error) ? error : `${label} ${error}`)}
    >
      {children}
    </FormField>
  );
}

type ControlProps<Attributes> = Omit<AdminFieldProps, 'children'> & {
  /** The field's react-hook-form registration (`register(name, …)`). */
  registration: UseFormRegisterReturn;
} & Omit<Attributes, 'id' | 'children' | 'name' | 'onChange' | 'onBlur'>;

/** A console input in its AdminField: `type`, `min`, `step`, `autoComplete` … go to the input. */
export function AdminInput({
  id,
  label,
  error,
  hint,
  registration,
  ...input
}: ControlProps<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <AdminField id={id} label={label} error={error} hint={hint}>
      {(describedBy, invalid) => (
        <input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...input}
          {...registration}
        />
      )}
    </AdminField>
  );
}

/** A console textarea in its AdminField. */
export function AdminTextarea({
  id,
  label,
  error,
  hint,
  registration,
  ...textarea
}: ControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <AdminField id={id} label={label} error={error} hint={hint}>
      {(describedBy, invalid) => (
        <textarea
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...textarea}
          {...registration}
        />
      )}
    </AdminField>
  );
}
