import { messages } from '@shop/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { DoneNotice } from '../../components/ui/done-notice';
import { FormField, FormOutcome } from '../../components/ui/form-field';
import { useHydrated } from '../../components/ui/use-hydrated';
import { errorMessage } from '../../lib/api';
import { schemaResolver } from '../../lib/schema-resolver';
import { bindFields } from './form-binding';

type EmailRequest = { email: string };

interface MailLinkFormProps {
  label: string;
  intro: string;
  fieldId: string;
  schema: $ZodType<EmailRequest, EmailRequest>;
  /** Mails the link; resolves to the notice's first line. */
  send: (values: EmailRequest) => Promise<string>;
  busy: boolean;
  submitText: (sent: boolean) => string;
  onPasswordMode: () => void;
}

/** A login page mode that mails a link (sign-in, password reset), then says to check spam or try again. */
export function MailLinkForm({
  label,
  intro,
  fieldId,
  schema,
  send,
  busy,
  submitText,
  onPasswordMode,
}: MailLinkFormProps) {
  // The server draws the form; it sends once the page has hydrated (not as a plain form submission).
  const hydrated = useHydrated();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EmailRequest>({ resolver: schemaResolver(schema), defaultValues: { email: '' } });
  const field = bindFields(form);
  const { setFocus } = form;
  // This form only appears after its mode's button: keep the keyboard user's place.
  useEffect(() => setFocus('email'), [setFocus]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setSent(null);
    try {
      setSent(await send(values));
    } catch (error) {
      setFailure(errorMessage(error, messages.linkSendFailed));
    }
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={label}>
      <p className="auth-hint">{intro}</p>
      <FormField id={fieldId} label="Email" type="email" autoComplete="email" {...field('email')} />
      <FormOutcome failure={failure} done={null} />
      {sent && <DoneNotice lines={[sent, messages.linkSpamNote]} />}
      <button type="submit" className="btn btn-block" disabled={busy || !hydrated}>
        {submitText(sent !== null)}
      </button>
      <button type="button" className="link-button" onClick={onPasswordMode}>
        {messages.backToSignin}
      </button>
    </form>
  );
}
