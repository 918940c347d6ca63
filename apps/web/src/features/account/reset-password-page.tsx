import { zodResolver } from '@hookform/resolvers/zod';
import { messages, resetPasswordForm } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import { errorMessage } from '../../app/api';
import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { fieldErrors, useResetPasswordMutation } from './api';
import { FormField } from './form-field';
import { useSignedIn } from './use-session';
import './account.css';

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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetValues>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { password: '', cpassword: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await resetPassword({ token, ...values }).unwrap();
      await signedIn(result);
      setDone(result.message);
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields.password) setError('password', { message: fields.password }, { shouldFocus: true });
      else setFailure(errorMessage(error, messages.resetLinkInvalid));
    }
  });

  return (
    <>
      <PageBanner title={messages.resetPasswordTitle} />
      <section className="section">
        <div className="container">
          <div className="auth-card">
            <h2>{messages.resetPasswordTitle}</h2>
            {done ? (
              <div className="form-notice" role="status">
                <p>{done}</p>
                <Link to="/profile" className="btn btn-block">
                  {messages.myProfile}
                </Link>
              </div>
            ) : (
              <form className="auth-form" onSubmit={submit} noValidate aria-label={messages.resetPasswordTitle}>
                <FormField
                  id="reset-password"
                  label={messages.newPasswordLabel}
                  type="password"
                  autoComplete="new-password"
                  error={errors.password?.message}
                  registration={register('password')}
                />
                <FormField
                  id="reset-cpassword"
                  label={messages.confirmPasswordLabel}
                  type="password"
                  autoComplete="new-password"
                  error={errors.cpassword?.message}
                  registration={register('cpassword')}
                />
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
          </div>
        </div>
      </section>
    </>
  );
}
