import { zodResolver } from '@hookform/resolvers/zod';
import { CERTIFICATE_NAME_MAX, type CertificateNameRequest, certificateNameRequest, messages } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../app/api';
import { useGetCertificateNameQuery, useSaveCertificateNameMutation } from './certificate-name-api';

/** The profile's 'name to print on certificates': empty prints the username. */
export function CertificateNameForm() {
  const { data: saved } = useGetCertificateNameQuery();
  const [saveName, { isLoading }] = useSaveCertificateNameMutation();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CertificateNameRequest>({
    resolver: zodResolver(certificateNameRequest),
    defaultValues: { certificateName: '' },
    // The saved name fills the field when it arrives, but never over what the learner has typed meanwhile.
    values: { certificateName: saved ?? '' },
    resetOptions: { keepDirtyValues: true },
  });

  const submit = handleSubmit(async (values) => {
    setDone(null);
    setFailure(null);
    try {
      await saveName(values).unwrap();
      setDone(messages.certificateNameSaved);
    } catch (error) {
      setFailure(errorMessage(error, messages.emailCallFailed));
    }
  });

  const error = errors.certificateName?.message;
  return (
    <section className="dashboard-panel" aria-labelledby="certificate-name-title">
      <h2 id="certificate-name-title">{messages.certificateNameTitle}</h2>
      <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="certificate-name-title">
        <div className="form-field">
          <label htmlFor="certificate-name">{messages.certificateNameLabel}</label>
          <input
            id="certificate-name"
            type="text"
            autoComplete="name"
            maxLength={CERTIFICATE_NAME_MAX * 2}
            aria-describedby={`certificate-name-hint${error ? ' certificate-name-error' : ''}`}
            aria-invalid={error ? true : undefined}
            {...register('certificateName')}
          />
          <p id="certificate-name-hint" className="auth-hint">
            {messages.certificateNameHint}
          </p>
          {error && (
            <p id="certificate-name-error" className="field-error">
              {error}
            </p>
          )}
        </div>
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        {done && (
          <p className="form-notice" role="status">
            {done}
          </p>
        )}
        <button type="submit" className="btn" disabled={isLoading}>
          {messages.certificateNameSave}
        </button>
      </form>
    </section>
  );
}
