import { type EmailLinkRequest, emailLinkRequest, messages } from '@shop/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../app/api';
import { schemaResolver } from '../../app/schema-resolver';
import { useHydrated } from '../../components/ui/use-hydrated';
import { useSendSignInLinkMutation } from './api';
import { bindFields, FormField, FormOutcome } from './form-field';

/** The login page's 'Email Signin' mode: mails a sign-in link, then says to check spam or try again. */
export function EmailLinkForm({ onPasswordMode }: { onPasswordMode: () => void }) {
  // The server draws the form; it sends once the page has hydrated (not as a plain form submission).
  const hydrated = useHydrated();
  const [sendLink, { isLoading }] = useSendSignInLinkMutation();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EmailLinkRequest>({ resolver: schemaResolver(emailLinkRequest), defaultValues: { email: '' } });
  const field = bindFields(form);
  const { setFocus } = form;
  // This form only appears after the 'Email Signin' button: keep the keyboard user's place.
  useEffect(() => setFocus('email'), [setFocus]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setSent(false);
    try {
      await sendLink(values).unwrap();
      setSent(true);
    } catch (error) {
      setFailure(errorMessage(error, messages.linkSendFailed));
    }
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Get a sign-in link by email">
      <p className="auth-hint">We will email you a link that signs you in, no password needed.</p>
      <FormField id="link-email" label="Email" type="email" autoComplete="email" {...field('email')} />
      <FormOutcome failure={failure} done={null} />
      {sent && (
        <div className="form-notice" role="status">
          <p>{messages.linkSent}</p>
          <p>{messages.linkSpamNote}</p>
        </div>
      )}
      <button type="submit" className="btn btn-block" disabled={isLoading || !hydrated}>
        {isLoading ? 'Sending...' : sent ? 'Send Again' : 'Send Link'}
      </button>
      <button type="button" className="link-button" onClick={onPasswordMode}>
        {messages.backToSignin}
      </button>
    </form>
  );
}
