import { CERTIFICATE_NAME_MAX, type CertificateClaimRequest, certificateClaimRequest, messages } from '@shop/shared';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field';
import { errorMessage } from '../../lib/api';
import { schemaResolver } from '../../lib/schema-resolver';

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

const claimResolver = schemaResolver(certificateClaimRequest);

/**
 * The full name to print on a certificate, checked as the server checks it (one line, no hidden or
 * direction-changing characters: contracts/certificate-name-request.ts) before it is sent.
 */
export default function PrintedNameForm({ id, label, submitLabel, initial, busy, onSubmit }: PrintedNameFormProps) {
  const form = useForm<CertificateClaimRequest>({
    resolver: claimResolver,
    defaultValues: { certificateName: initial },
  });
  const submit = form.handleSubmit(async ({ certificateName }) => {
    try {
      await onSubmit(certificateName);
    } catch (failure) {
      form.setError('certificateName', { message: errorMessage(failure, messages.lessonSaveFailed) });
    }
  });
  return (
    <form className="auth-form printed-name-form" onSubmit={submit} noValidate>
      <FormField
        id={id}
        label={label}
        autoComplete="name"
        maxLength={CERTIFICATE_NAME_MAX * 2}
        error={form.formState.errors.certificateName?.message}
        registration={form.register('certificateName')}
      />
      <button type="submit" className="btn" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
