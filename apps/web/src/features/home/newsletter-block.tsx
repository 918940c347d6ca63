import { messages } from '@shop/shared';
import { type FormEvent, useState } from 'react';
import { useHydrated } from '../../components/ui/use-hydrated';
import { errorMessage } from '../../lib/api';
import { useSubscribeNewsletterMutation } from './api';

function fieldError(error: unknown): string | undefined {
  return (error as { data?: { fields?: { email?: string } } } | undefined)?.data?.fields?.email;
}

/**
 * The newsletter form. The server validates with the shared zod schema and its field message shows under
 * the field; the browser only catches an empty or plainly malformed address, so zod stays out of the
 * landing page's JavaScript.
 */
export function NewsletterBlock() {
  // The server draws the form; it sends once the page has hydrated (not as a plain form submission).
  const hydrated = useHydrated();
  const [subscribe, { isLoading }] = useSubscribeNewsletterMutation();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('email') as HTMLInputElement;
    const email = input.value.trim();
    setDone(null);
    if (!email) return setError(messages.emailRequired);
    if (input.validity.typeMismatch) return setError(messages.emailInvalid);
    setError(null);
    try {
      const result = await subscribe({ email }).unwrap();
      setDone(result.message);
      form.reset();
    } catch (failure) {
      setError(fieldError(failure) ?? errorMessage(failure, messages.serverError));
    }
  };

  return (
    <section className="newsletter" aria-labelledby="newsletter-title">
      <div className="container newsletter-inner">
        <h2 id="newsletter-title" className="newsletter-title">
          {messages.newsletterTitle}
        </h2>
        <form className="newsletter-form" onSubmit={submit} noValidate>
          <div className="newsletter-field">
            <label htmlFor="newsletter-email" className="visually-hidden">
              E-mail address
            </label>
            <input
              id="newsletter-email"
              name="email"
              type="email"
              autoComplete="email"
              placeholder={messages.newsletterPlaceholder}
              maxLength={254}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'newsletter-error' : undefined}
            />
            <button type="submit" className="btn" disabled={isLoading || !hydrated}>
              {messages.subscribeNow}
            </button>
          </div>
          {error && (
            <p id="newsletter-error" className="field-error newsletter-error" role="alert">
              {error}
            </p>
          )}
          <p className="newsletter-done" role="status">
            {done}
          </p>
        </form>
      </div>
    </section>
  );
}
