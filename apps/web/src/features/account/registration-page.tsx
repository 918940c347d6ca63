import { messages, type SignUpRequest, signUpRequest } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { DoneNotice } from '../../components/ui/done-notice';
import { FormField, FormOutcome } from '../../components/ui/form-field';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useHydrated } from '../../components/ui/use-hydrated';
import { errorMessage } from '../../lib/api';
import { schemaResolver } from '../../lib/schema-resolver';
import { useSignUpMutation } from './api';
import { AuthCard } from './auth-card';
import { bindFields, showFieldErrors } from './form-binding';
import { GoogleLink } from './google-link';
import { useLeaveIfSignedIn } from './use-leave-if-signed-in';

/** The form's inputs in order; their ids are `signup-<name>`. */
const signUpFields = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'cpassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
] as const;
const fieldNames = signUpFields.map((input) => input.name);

export default function RegistrationPage() {
  // The server draws the form; it sends once the page has hydrated (not as a plain form submission).
  const hydrated = useHydrated();
  useDocumentMeta('Registration', 'Create your account to buy and watch trading courses.');
  useLeaveIfSignedIn('/profile');
  const [signUp, { isLoading }] = useSignUpMutation();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignUpRequest>({
    resolver: schemaResolver(signUpRequest),
    defaultValues: { username: '', email: '', password: '', cpassword: '' },
  });
  const field = bindFields(form);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await signUp(values).unwrap();
      setDone(result.message);
    } catch (error) {
      if (!showFieldErrors(form, error, fieldNames)) setFailure(errorMessage(error, messages.emailCallFailed));
    }
  });

  return (
    <AuthCard banner="Registration">
      <h2>{messages.createYourAccount}</h2>
      {done ? (
        <DoneNotice lines={[done, messages.linkSpamNote]} next={{ to: '/login', label: 'Go to Login' }} />
      ) : (
        <>
          <GoogleLink />
          <form className="auth-form" onSubmit={submit} noValidate aria-label="Create your account">
            {signUpFields.map(({ name, ...input }) => (
              <FormField key={name} id={`signup-${name}`} {...input} {...field(name)} />
            ))}
            <FormOutcome failure={failure} done={null} />
            <button type="submit" className="btn btn-block" disabled={isLoading || !hydrated}>
              {isLoading ? 'Creating account...' : 'Register'}
            </button>
          </form>
        </>
      )}
      <p className="auth-switch">
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </AuthCard>
  );
}
