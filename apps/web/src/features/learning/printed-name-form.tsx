import { CERTIFICATE_NAME_MAX, certificateClaimRequest, messages } from '@shop/shared';
import { useState } from 'react';
import { FormField } from '../../components/ui/form-field';
import { errorMessage } from '../../lib/api';

interface PrintedNameFormProps {
  id: string;
  label: string;
  submitLabel: string;
  /** What the field starts with (the billing name, or the name printed last). */
  initial: string;
  busy: boolean;
  /** Sends the checked name; a refusal's message is shown under the field. */
  onSubmit: (certificateName: string) => Promise<unknown>;
}

/**
 * The full name to print on a certificate, checked as the server checks it (one line, no hidden or
 * direction-changing characters: contracts/certificate-name-request.ts) before it is sent.
 */
export function PrintedNameForm({ id, label, submitLabel, initial, busy, onSubmit }: PrintedNameFormProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const value = typed ?? initial;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = certificateClaimRequest.safeParse({ certificateName: value });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.certificateNameRequired);
      return;
    }
    setError(undefined);
    try {
      await onSubmit(parsed.data.certificateName);
    } catch (failure) {
      setError(errorMessage(failure, messages.lessonSaveFailed));
    }
  };
  return (
    <form className="auth-form printed-name-form" onSubmit={submit} noValidate>
      <FormField
        id={id}
        label={label}
        autoComplete="name"
        maxLength={CERTIFICATE_NAME_MAX * 2}
        error={error}
        registration={{
          name: 'certificateName',
          value,
          onChange: (event: { currentTarget: HTMLInputElement }) => setTyped(event.currentTarget.value),
        }}
      />
      <button type="submit" className="btn" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
