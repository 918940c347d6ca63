import type { ReactNode } from 'react';
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
