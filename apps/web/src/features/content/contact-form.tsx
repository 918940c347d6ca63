import { zodResolver } from '@hookform/resolvers/zod';
import { contactRequest, messages } from '@shop/shared';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { errorMessage } from '../../app/api';
import { toast } from '../../components/ui/toast';
import { useSendContactMessageMutation } from './api';

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
    resolver: zodResolver(contactRequest),
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

  const describedBy = (name: keyof typeof errors) => (errors[name] ? `contact-${name}-error` : undefined);
  const fieldError = (name: keyof typeof errors) =>
    errors[name] && (
      <p id={`contact-${name}-error`} className="field-message">
        {errors[name]?.message}
      </p>
    );

  return (
    <form className="contact-form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <h2 className="contact-form-title">{messages.sendUsMessage}</h2>
      <div className="form-row">
        <label htmlFor="contact-message">Comment</label>
        <textarea
          id="contact-message"
          rows={6}
          maxLength={5000}
          placeholder="Write your message"
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message')}
          {...register('message')}
        />
        {fieldError('message')}
      </div>
      <div className="form-columns">
        <div className="form-row">
          <label htmlFor="contact-name">Name</label>
          <input
            id="contact-name"
            autoComplete="name"
            maxLength={100}
            aria-invalid={errors.user_name ? true : undefined}
            aria-describedby={describedBy('user_name')}
            {...register('user_name')}
          />
          {fieldError('user_name')}
        </div>
        <div className="form-row">
          <label htmlFor="contact-email">E-mail</label>
          <input
            id="contact-email"
            type="email"
            autoComplete="email"
            maxLength={254}
            aria-invalid={errors.user_email ? true : undefined}
            aria-describedby={describedBy('user_email')}
            {...register('user_email')}
          />
          {fieldError('user_email')}
        </div>
      </div>
      <button type="submit" className="btn" disabled={isLoading}>
        {messages.submitNow}
      </button>
      <p className="form-status" role="status">
        {sent}
      </p>
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}
