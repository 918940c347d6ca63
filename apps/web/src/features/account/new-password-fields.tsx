import { messages } from '@shop/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field';

interface NewPasswordFieldsProps {
  /** The inputs' ids are `<idPrefix>-password` and `<idPrefix>-cpassword`. */
  idPrefix: string;
  field: (name: 'password' | 'cpassword') => { registration: UseFormRegisterReturn; error: string | undefined };
}

const inputs = [
  { name: 'password', label: messages.newPasswordLabel },
  { name: 'cpassword', label: messages.confirmPasswordLabel },
] as const;

/** A new password and its confirmation, as the password change and the reset link ask for them. */
export function NewPasswordFields({ idPrefix, field }: NewPasswordFieldsProps) {
  return inputs.map(({ name, label }) => (
    <FormField
      key={name}
      id={`${idPrefix}-${name}`}
      label={label}
      type="password"
      autoComplete="new-password"
      {...field(name)}
    />
  ));
}
