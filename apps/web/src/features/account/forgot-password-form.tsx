import { type ForgotPasswordRequest, forgotPasswordRequest, messages } from '@shop/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../app/api';
import { schemaResolver } from '../../app/schema-resolver';
import { useHydrated } from '../../components/ui/use-hydrated';
import { useForgotPasswordMutation } from './api';
import { bindFields, FormField, FormOutcome } from './form-field';

/** The login page's 'Forgot password?' mode: mails a link to choose a new password. */
export function ForgotPasswordForm({ onPasswordMode }: { onPasswordMode: () => void }) {
  // The server draws the form; it sends once the page has hydrated (not as a plain form submission).
  const hydrated = useHydrated();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotPasswordRequest>({
    resolver: schemaResolver(forgotPasswordRequest),
    defaultValues: { email: '' },
  });
  const field = bindFields(form);
  const { setFocus } = form;
  useEffect(() => setFocus('email'), [setFocus]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setSent(null);
    try {
      setSent((await forgotPassword(values).unwrap()).message);
    } catch (error) {
      setFailure(errorMessage(error, messages.linkSendFailed));
    }
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={messages.forgotPassword}>
      <p className="auth-hint">{messages.forgotPasswordIntro}</p>
      <FormField id="forgot-email" label="Email" type="email" autoComplete="email" {...field('email')} />
      <FormOutcome failure={failure} done={null} />
      {sent && (
        <div className="form-notice" role="status">
          <p>{sent}</p>
          <p>{messages.linkSpamNote}</p>
        </div>
      )}
      <button type="submit" className="btn btn-block" disabled={isLoading || !hydrated}>
        {messages.sendResetLink}
      </button>
      <button type="button" className="link-button" onClick={onPasswordMode}>
        {messages.backToSignin}
      </button>
    </form>
  );
}
