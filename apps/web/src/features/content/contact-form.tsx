import { contactRequest, messages } from '@shop/shared';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { DoneNotice } from '../../components/ui/done-notice';
import { type FieldLook, FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast';
import { useHydrated } from '../../components/ui/use-hydrated';
import { errorMessage } from '../../lib/api';
import { schemaResolver } from '../../lib/schema-resolver';
import { useSendContactMessageMutation } from './api';

const contactLook: FieldLook = { field: 'form-row', hint: 'field-message', error: 'field-message' };

type ContactInput = z.input<typeof contactRequest>;
type ContactOutput = z.output<typeof contactRequest>;

const fieldNames = ['user_name', 'user_email', 'message', 'web'] as const;

function serverFields(error: unknown): Partial<Record<FieldPath<ContactInput>, string>> {
  const fields = (error as { data?: { fields?: Record<string, string> } } | undefined)?.data?.fields ?? {};
  return Object.fromEntries(
    Object.entries(fields).filter(([name]) => (fieldNames as readonly string[]).includes(name)),
  );
}

/** 'Send Us Message': Comment, Name and E-mail, checked with the schema the server uses, then stored and mailed. */
export function ContactForm() {
  // The server draws the form; it sends once the page has hydrated (not as a plain form submission).
  const hydrated = useHydrated();
  const [send, { isLoading }] = useSendContactMessageMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ContactInput, unknown, ContactOutput>({
    resolver: schemaResolver(contactRequest),
    defaultValues: { user_name: '', user_email: '', message: '' },
  });

  const onSubmit = async (values: ContactOutput) => {
    setSent(null);
    setFailure(null);
    try {
      const result = await send(values).unwrap();
      setSent(result.message);
      toast.success(result.message);
      reset();
    } catch (error) {
      const fields = Object.entries(serverFields(error));
      for (const [name, message] of fields) setError(name as FieldPath<ContactInput>, { message });
      if (fields.length === 0) setFailure(errorMessage(error, messages.contactFailed));
    }
  };

  return (
    <form className="contact-form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <h2 className="contact-form-title">{messages.sendUsMessage}</h2>
      <FormField id="contact-message" label="Comment" look={contactLook} error={errors.message?.message}>
        {(describedBy, invalid) => (
          <textarea
            id="contact-message"
            rows={6}
            maxLength={5000}
            placeholder="Write your message"
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            {...register('message')}
          />
        )}
      </FormField>
      <div className="form-columns">
        <FormField
          id="contact-name"
          label="Name"
          look={contactLook}
          autoComplete="name"
          maxLength={100}
          error={errors.user_name?.message}
          registration={register('user_name')}
        />
        <FormField
          id="contact-email"
          label="E-mail"
          look={contactLook}
          type="email"
          autoComplete="email"
          maxLength={254}
          error={errors.user_email?.message}
          registration={register('user_email')}
        />
      </div>
      <button type="submit" className="btn" disabled={isLoading || !hydrated}>
        {messages.submitNow}
      </button>
      <DoneNotice lines={sent} look="form-status" />
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}
