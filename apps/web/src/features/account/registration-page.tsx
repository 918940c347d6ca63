import { zodResolver } from '@hookform/resolvers/zod';
import { messages, type SignUpRequest, signUpRequest } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { errorMessage } from '../../app/api';
import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { fieldErrors, useSignUpMutation } from './api';
import { FormField } from './form-field';
import { GoogleLink } from './google-link';
import './account.css';
import { useHydrated } from '../../components/ui/use-hydrated';

const fieldNames = ['username', 'email', 'password', 'cpassword'] as const;

export default function RegistrationPage() {
  // The server draws the form; it sends once the page has hydrated (not as a plain form submission).
  const hydrated = useHydrated();
  useDocumentMeta('Registration', 'Create your account to buy and watch trading courses.');
  const [signUp, { isLoading }] = useSignUpMutation();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignUpRequest>({
    resolver: zodResolver(signUpRequest),
    defaultValues: { username: '', email: '', password: '', cpassword: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await signUp(values).unwrap();
      setDone(result.message);
    } catch (error) {
      const fields = fieldErrors(error);
      const known = fieldNames.filter((name) => fields[name]);
      for (const name of known) setError(name, { message: fields[name] }, { shouldFocus: true });
      if (known.length === 0) setFailure(errorMessage(error, messages.emailCallFailed));
    }
  });

  return (
    <>
      <PageBanner title="Registration" />
      <section className="section">
        <div className="container">
          <div className="auth-card">
            <h2>{messages.createYourAccount}</h2>
            {done ? (
              <div className="form-notice" role="status">
                <p>{done}</p>
                <p>{messages.linkSpamNote}</p>
                <Link to="/login" className="btn btn-block">
                  Go to Login
                </Link>
              </div>
            ) : (
              <>
                <GoogleLink />
                <form className="auth-form" onSubmit={submit} noValidate aria-label="Create your account">
                  <FormField
                    id="signup-username"
                    label="Username"
                    autoComplete="username"
                    error={errors.username?.message}
                    registration={register('username')}
                  />
                  <FormField
                    id="signup-email"
                    label="Email"
                    type="email"
                    autoComplete="email"
                    error={errors.email?.message}
                    registration={register('email')}
                  />
                  <FormField
                    id="signup-password"
                    label="Password"
                    type="password"
                    autoComplete="new-password"
                    error={errors.password?.message}
                    registration={register('password')}
                  />
                  <FormField
                    id="signup-cpassword"
                    label="Confirm Password"
                    type="password"
                    autoComplete="new-password"
                    error={errors.cpassword?.message}
                    registration={register('cpassword')}
                  />
                  {failure && (
                    <p className="form-error" role="alert">
                      {failure}
                    </p>
                  )}
                  <button type="submit" className="btn btn-block" disabled={isLoading || !hydrated}>
                    {isLoading ? 'Creating account...' : 'Register'}
                  </button>
                </form>
              </>
            )}
            <p className="auth-switch">
              Already have an account? <Link to="/login">Login</Link>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
