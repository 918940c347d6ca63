import { messages } from '@shop/shared';
import { useState } from 'react';
import { Link } from 'wouter';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useSearchParams } from '../../lib/navigation';
import { AuthCard } from './auth-card';
import { EmailLinkForm } from './email-link-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { GoogleLink } from './google-link';
import { PasswordSignInForm } from './password-sign-in-form';
import { safeNextPath } from './safe-next-path';
import { useLeaveIfSignedIn } from './use-leave-if-signed-in';

/** Notices other pages and the server may ask for with `/login?error=…`; no free text is shown from the URL. */
const notices: Record<string, string> = {
  'google-unavailable': messages.googleUnavailable,
};

export default function LoginPage() {
  useDocumentMeta('Login', 'Sign in to your account to see your courses and checkout.');
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<'password' | 'email' | 'forgot' | 'password-again'>('password');
  const next = safeNextPath(searchParams.get('next'));
  const notice = notices[searchParams.get('error') ?? ''];
  useLeaveIfSignedIn(next ?? '/profile');

  return (
    <AuthCard banner="Login">
      <h2>{messages.welcomeBack}</h2>
      {notice && (
        <p className="form-error" role="alert">
          {notice}
        </p>
      )}
      <GoogleLink />
      {mode === 'email' ? (
        <EmailLinkForm onPasswordMode={() => setMode('password-again')} />
      ) : mode === 'forgot' ? (
        <ForgotPasswordForm onPasswordMode={() => setMode('password-again')} />
      ) : (
        <PasswordSignInForm
          onEmailMode={() => setMode('email')}
          onForgotMode={() => setMode('forgot')}
          next={next}
          focusOnMount={mode === 'password-again'}
        />
      )}
      <p className="auth-switch">
        Don't have an account? <Link to="/registration">Register</Link>
      </p>
    </AuthCard>
  );
}
