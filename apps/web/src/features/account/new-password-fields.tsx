import { messages } from '@shop/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

interface NewPasswordFieldsProps {
  /** The inputs' ids are `<idPrefix>-password` and `<idPrefix>-cpassword`. */
  idPrefix: string;
  field: (name: 'password' | 'cpassword') => { registration: UseFormRegisterReturn; error: string | undefined };
}

/** A new password and its confirmation, as the password change and the reset link ask for them. */
export function NewPasswordFields({ idPrefix, field }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField
        id={`${idPrefix}-password`}
        label={messages.newPasswordLabel}
        type="password"
        autoComplete="new-password"
        {...field('password')}
      />
      <FormField
        id={`${idPrefix}-cpassword`}
        label={messages.confirmPasswordLabel}
        type="password"
        autoComplete="new-password"
        {...field('cpassword')}
      />
    </>
  );
}
