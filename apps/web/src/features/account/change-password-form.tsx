import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordRequest, changePasswordRequest, messages } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../app/api';
import { fieldErrors, useChangePasswordMutation } from './api';
import { FormField, FormOutcome } from './form-field';

const fieldNames = ['currentPassword', 'password', 'cpassword'] as const;

/** The profile's password change: the current password, then the new one twice. */
export function ChangePasswordForm() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequest),
    defaultValues: { currentPassword: '', password: '', cpassword: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setDone(null);
    try {
      const result = await changePassword(values).unwrap();
      reset();
      setDone(result.message);
    } catch (error) {
      const fields = fieldErrors(error);
      const known = fieldNames.filter((name) => fields[name]);
      for (const name of known) setError(name, { message: fields[name] }, { shouldFocus: true });
      if (known.length === 0) setFailure(errorMessage(error, messages.emailCallFailed));
    }
  });

  return (
    <section className="dashboard-panel" aria-labelledby="change-password">
      <h2 id="change-password">{messages.changePasswordTitle}</h2>
      <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="change-password">
        <FormField
          id="current-password"
          label={messages.currentPasswordLabel}
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          registration={register('currentPassword')}
        />
        <FormField
          id="new-password"
          label={messages.newPasswordLabel}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          registration={register('password')}
        />
        <FormField
          id="new-cpassword"
          label={messages.confirmPasswordLabel}
          type="password"
          autoComplete="new-password"
          error={errors.cpassword?.message}
          registration={register('cpassword')}
        />
        <FormOutcome failure={failure} done={done} />
        <button type="submit" className="btn" disabled={isLoading}>
          {messages.changePasswordButton}
        </button>
      </form>
    </section>
  );
}
