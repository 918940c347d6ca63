import { messages, type SignInRequest, signInRequest } from '@shop/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, FormOutcome } from '../../components/ui/form-field';
import { useHydrated } from '../../components/ui/use-hydrated';
import { errorMessage } from '../../lib/api';
import { useNavigate } from '../../lib/navigation';
import { schemaResolver } from '../../lib/schema-resolver';
import { useSignInMutation } from './api';
import { bindFields } from './form-binding';
import { safeNextPath } from './safe-next-path';
import { useSignedIn } from './use-session';

/** The login page's password mode. After signing in: the `next` path, else the server's redirectUrl, else '/'. */
interface PasswordSignInFormProps {
  onEmailMode: () => void;
  onForgotMode: () => void;
  next: string | null;
  /** Put the cursor in the e-mail field (after switching modes, so keyboard users are not lost). */
  focusOnMount: boolean;
}

export function PasswordSignInForm({ onEmailMode, onForgotMode, next, focusOnMount }: PasswordSignInFormProps) {
  // The server draws the form; it sends once the page has hydrated (not as a plain form submission).
  const hydrated = useHydrated();
  const [signIn, { isLoading }] = useSignInMutation();
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignInRequest>({
    resolver: schemaResolver(signInRequest),
    defaultValues: { email: '', password: '' },
  });
  const field = bindFields(form);
  const { setFocus } = form;
  useEffect(() => {
    if (focusOnMount) setFocus('email');
  }, [focusOnMount, setFocus]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await signIn(values).unwrap();
      await signedIn(result);
      navigate(next ?? safeNextPath(result.redirectUrl) ?? '/', { replace: true });
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      setFailure(typeof status === 'number' ? errorMessage(error, messages.invalidCredentials) : messages.loginFailed);
    }
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Sign in with email and password">
      <FormField id="login-email" label="Email" type="email" autoComplete="email" {...field('email')} />
      <FormField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        {...field('password')}
      />
      <FormOutcome failure={failure} done={null} />
      <button type="submit" className="btn btn-block" disabled={isLoading || !hydrated}>
        {isLoading ? 'Signing in...' : 'Sign In'}
      </button>
      {/* Like Sign In, the other ways wait for the page to hydrate: a click before would do nothing. */}
      <button type="button" className="link-button" onClick={onEmailMode} disabled={!hydrated}>
        {messages.emailSignin}
      </button>
      <button type="button" className="link-button" onClick={onForgotMode} disabled={!hydrated}>
        {messages.forgotPassword}
      </button>
    </form>
  );
}
