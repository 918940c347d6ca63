import { adminPaths, type NewsletterSendInput, newsletterSendInput } from '@shop/shared';
import { type FieldPath, useForm } from 'react-hook-form';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { schemaResolver } from '../../lib/schema-resolver';
import { fieldErrors } from '../account';
import { AdminField } from './admin-field';
import { useSendNewsletterMutation } from './newsletter-api';

const empty: NewsletterSendInput = { subject: '', body: '' };

/**
 * Sends a newsletter to the confirmed subscribers (double opt-in). Every copy carries its own one-click
 * unsubscribe (List-Unsubscribe headers and a link), added by the server.
 */
export function NewsletterPage() {
  const [send, { isLoading }] = useSendNewsletterMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<NewsletterSendInput>({ defaultValues: empty, resolver: schemaResolver(newsletterSendInput) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      toast.success((await send(values).unwrap()).message);
      reset(empty);
    } catch (error) {
      for (const [name, message] of Object.entries(fieldErrors(error)))
        setError(name as FieldPath<NewsletterSendInput>, { message });
      toast.error(errorMessage(error, 'The newsletter could not be sent. Please try again.'));
    }
  });

  return (
    <>
      <div className="admin-heading">
        <h1>Newsletter</h1>
        <a className="btn btn-outline" href={adminPaths.subscribersCsv} download>
          Confirmed subscribers (CSV)
        </a>
      </div>
      <form className="admin-form admin-panel" onSubmit={onSubmit} noValidate aria-labelledby="newsletter-form-title">
        <h2 id="newsletter-form-title">Send a newsletter</h2>
        <p className="admin-hint">
          It goes to every confirmed subscriber; each copy has a one-click unsubscribe that works without signing in.
        </p>
        <AdminField id="newsletter-subject" label="Subject" error={errors.subject?.message}>
          {(describedBy, invalid) => (
            <input
              id="newsletter-subject"
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('subject')}
            />
          )}
        </AdminField>
        <AdminField id="newsletter-body" label="Text" error={errors.body?.message}>
          {(describedBy, invalid) => (
            <textarea
              id="newsletter-body"
              rows={10}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('body')}
            />
          )}
        </AdminField>
        <div className="admin-actions">
          <button type="submit" className="btn" disabled={isLoading}>
            Send to confirmed subscribers
          </button>
        </div>
      </form>
    </>
  );
}
