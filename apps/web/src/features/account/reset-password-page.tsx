import { messages, resetPasswordForm } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import { DoneNotice } from '../../components/ui/done-notice';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { errorMessage } from '../../lib/api';
import { schemaResolver } from '../../lib/schema-resolver';
import { useResetPasswordMutation } from './api';
import { AuthCard } from './auth-card';
import { bindFields, showFieldErrors } from './form-binding';
import { NewPasswordFields } from './new-password-fields';
import { useSignedIn } from './use-session';

interface ResetValues {
  password: string;
  cpassword: string;
}

/**
 * The mailed reset link's landing page. Loading it uses nothing (mail scanners follow links); only
 * the submit sends the token with the new password, then the user is signed in.
 */
export default function ResetPasswordPage() {
  useDocumentMeta(messages.resetPasswordTitle);
  const { token = '' } = useParams();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const signedIn = useSignedIn();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetValues>({
    resolver: schemaResolver(resetPasswordForm),
    defaultValues: { password: '', cpassword: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await resetPassword({ token, ...values }).unwrap();
      await signedIn(result);
      setDone(result.message);
    } catch (error) {
      if (!showFieldErrors(form, error, ['password'])) setFailure(errorMessage(error, messages.resetLinkInvalid));
    }
  });

  return (
    <AuthCard banner={messages.resetPasswordTitle}>
      <h2>{messages.resetPasswordTitle}</h2>
      {done ? (
        <DoneNotice lines={[done]} next={{ to: '/profile', label: messages.myProfile }} />
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate aria-label={messages.resetPasswordTitle}>
          <NewPasswordFields idPrefix="reset" field={bindFields(form)} />
          {failure && (
            <p className="form-error" role="alert">
              {failure} <Link to="/login">Login</Link>
            </p>
          )}
          <button type="submit" className="btn btn-block" disabled={isLoading}>
            {messages.resetPasswordButton}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
