import { type ChangePasswordRequest, changePasswordRequest, messages } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, FormOutcome } from '../../components/ui/form-field';
import { errorMessage } from '../../lib/api';
import { schemaResolver } from '../../lib/schema-resolver';
import { useChangePasswordMutation } from './api';
import { DashboardPanel } from './dashboard-sidebar';
import { bindFields, showFieldErrors } from './form-binding';
import { NewPasswordFields } from './new-password-fields';

const fieldNames = ['currentPassword', 'password', 'cpassword'] as const;

/** The profile's password change: the current password, then the new one twice. */
export function ChangePasswordForm() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ChangePasswordRequest>({
    resolver: schemaResolver(changePasswordRequest),
    defaultValues: { currentPassword: '', password: '', cpassword: '' },
  });
  const field = bindFields(form);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setDone(null);
    try {
      const result = await changePassword(values).unwrap();
      form.reset();
      setDone(result.message);
    } catch (error) {
      if (!showFieldErrors(form, error, fieldNames)) setFailure(errorMessage(error, messages.emailCallFailed));
    }
  });

  return (
    <DashboardPanel id="change-password" title={messages.changePasswordTitle}>
      <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="change-password">
        <FormField
          id="current-password"
          label={messages.currentPasswordLabel}
          type="password"
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <NewPasswordFields idPrefix="new" field={field} />
        <FormOutcome failure={failure} done={done} />
        <button type="submit" className="btn" disabled={isLoading}>
          {messages.changePasswordButton}
        </button>
      </form>
    </DashboardPanel>
  );
}
