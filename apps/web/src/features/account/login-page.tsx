import { zodResolver } from '@hookform/resolvers/zod';
import { type EmailLinkRequest, emailLinkRequest, messages, type SignInRequest, signInRequest } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/api';
import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useSendSignInLinkMutation, useSignInMutation } from './api';
import { FormField } from './form-field';
import { GoogleLink } from './google-link';
import { safeNextPath } from './safe-next-path';
import { useSignedIn } from './use-session';
import './account.css';

/** Notices other pages and the server may ask for with `/login?error=…`; no free text is shown from the URL. */
const notices: Record<string, string> = {
  'google-unavailable': messages.googleUnavailable,
};

function PasswordForm({ onEmailMode, next }: { onEmailMode: () => void; next: string | null }) {
  const [signIn, { isLoading }] = useSignInMutation();
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInRequest>({ resolver: zodResolver(signInRequest), defaultValues: { email: '', password: '' } });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await signIn(values).unwrap();
      signedIn(result);
      navigate(next ?? safeNextPath(result.redirectUrl) ?? '/', { replace: true });
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      setFailure(typeof status === 'number' ? errorMessage(error, messages.invalidCredentials) : messages.loginFailed);
    }
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Sign in with email and password">
      <FormField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        registration={register('email')}
      />
      <FormField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        registration={register('password')}
      />
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn-block" disabled={isLoading}>
        {isLoading ? 'Signing in...' : 'Sign In'}
      </button>
      <button type="button" className="link-button" onClick={onEmailMode}>
        {messages.emailSignin}
      </button>
    </form>
  );
}

function EmailLinkForm({ onPasswordMode }: { onPasswordMode: () => void }) {
  const [sendLink, { isLoading }] = useSendSignInLinkMutation();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailLinkRequest>({ resolver: zodResolver(emailLinkRequest), defaultValues: { email: '' } });

  const submit = handleSubmit(async (values) => {
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
      <FormField
        id="link-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        registration={register('email')}
      />
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      {sent && (
        <div className="form-notice" role="status">
          <p>{messages.linkSent}</p>
          <p>{messages.linkSpamNote}</p>
        </div>
      )}
      <button type="submit" className="btn btn-block" disabled={isLoading}>
        {isLoading ? 'Sending...' : sent ? 'Send Again' : 'Send Link'}
      </button>
      <button type="button" className="link-button" onClick={onPasswordMode}>
        {messages.backToSignin}
      </button>
    </form>
  );
}

export default function LoginPage() {
  useDocumentMeta('Login', 'Sign in to your account to see your courses and checkout.');
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<'password' | 'email'>('password');
  const next = safeNextPath(searchParams.get('next'));
  const notice = notices[searchParams.get('error') ?? ''];

  return (
    <>
      <PageBanner title="Login" />
      <section className="section">
        <div className="container">
          <div className="auth-card">
            <h2>{messages.welcomeBack}</h2>
            {notice && (
              <p className="form-error" role="alert">
                {notice}
              </p>
            )}
            <GoogleLink />
            {mode === 'password' ? (
              <PasswordForm onEmailMode={() => setMode('email')} next={next} />
            ) : (
              <EmailLinkForm onPasswordMode={() => setMode('password')} />
            )}
            <p className="auth-switch">
              Don't have an account? <Link to="/registration">Register</Link>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
