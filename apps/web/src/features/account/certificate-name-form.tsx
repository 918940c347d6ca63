import { CERTIFICATE_NAME_MAX, type CertificateNameRequest, certificateNameRequest, messages } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField, FormOutcome } from '../../components/ui/form-field';
import { errorMessage } from '../../lib/api';
import { schemaResolver } from '../../lib/schema-resolver';
import { useGetCertificateNameQuery, useSaveCertificateNameMutation } from './certificate-name-api';
import { DashboardPanel } from './dashboard-sidebar';
import { bindFields } from './form-binding';

/** The profile's 'name to print on certificates': empty prints the username. */
export function CertificateNameForm() {
  const { data: saved } = useGetCertificateNameQuery();
  const [saveName, { isLoading }] = useSaveCertificateNameMutation();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CertificateNameRequest>({
    resolver: schemaResolver(certificateNameRequest),
    defaultValues: { certificateName: '' },
    // The saved name fills the field when it arrives, but never over what the learner has typed meanwhile.
    values: { certificateName: saved ?? '' },
    resetOptions: { keepDirtyValues: true },
  });

  const field = bindFields(form);

  const submit = form.handleSubmit(async (values) => {
    setDone(null);
    setFailure(null);
    try {
      await saveName(values).unwrap();
      setDone(messages.certificateNameSaved);
    } catch (error) {
      setFailure(errorMessage(error, messages.emailCallFailed));
    }
  });

  return (
    <DashboardPanel id="certificate-name-title" title={messages.certificateNameTitle}>
      <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="certificate-name-title">
        <FormField
          id="certificate-name"
          label={messages.certificateNameLabel}
          autoComplete="name"
          maxLength={CERTIFICATE_NAME_MAX * 2}
          hint={messages.certificateNameHint}
          {...field('certificateName')}
        />
        <FormOutcome failure={failure} done={done} />
        <button type="submit" className="btn" disabled={isLoading}>
          {messages.certificateNameSave}
        </button>
      </form>
    </DashboardPanel>
  );
}
