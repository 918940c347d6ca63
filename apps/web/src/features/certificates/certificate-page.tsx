import { messages } from '@shop/shared';
import { Link, useParams } from 'wouter';
import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { errorMessage } from '../../lib/api';
import { siteConfig } from '../../lib/site-config';
import { useGetCertificateQuery } from './api';
import { completionDay, linkedInAddUrl } from './linkedin-link';
import './certificates.css';

/** The public verification page: who completed which course and when, and whether the certificate stands. */
export default function CertificatePage() {
  const { id = '' } = useParams();
  const { data: certificate, error, isLoading } = useGetCertificateQuery(id);
  useDocumentMeta(messages.certificatePageTitle);
  let body: React.ReactNode;
  if (isLoading) {
    body = <p className="state-message">{messages.loading}</p>;
  } else if (!certificate) {
    body = (
      <p className="state-message" role="alert">
        {errorMessage(error, messages.certificateLoadFailed)}
      </p>
    );
  } else if (certificate.status === 'replaced' && certificate.replacedBy) {
    // Issue 32 (N2): a certificate re-issued with a corrected name; its old link leads to the new one.
    body = (
      <article className="certificate-card" aria-labelledby="certificate-replaced">
        <p id="certificate-replaced" className="certificate-status is-revoked" role="status">
          {messages.certificateReplaced}
        </p>
        <p>
          <Link className="btn" to={`/certificates/${certificate.replacedBy}`}>
            {certificate.verifyUrl}
          </Link>
        </p>
      </article>
    );
  } else {
    const valid = certificate.status === 'valid';
    const day = completionDay(certificate.completedAt);
    const facts: [term: string, value: string, className?: string][] = [
      [messages.certificateLearner, certificate.name],
      [messages.certificateCourse, certificate.courseTitle],
      [messages.certificateInstructor, certificate.instructor],
      [messages.certificateCompleted, day],
      [messages.certificateIdLabel, certificate.id, 'certificate-id'],
      [messages.certificateStatusLabel, valid ? messages.certificateStatusValid : messages.certificateStatusRevoked],
    ];
    body = (
      <article className="certificate-card" aria-labelledby="certificate-statement">
        <p className={`certificate-status ${valid ? 'is-valid' : 'is-revoked'}`} role="status">
          {valid ? messages.certificateValid : messages.certificateRevoked}
        </p>
        <h2 id="certificate-statement" className="certificate-statement">
          {messages.certificateStatement
            .replace('{name}', certificate.name)
            .replace('{course}', certificate.courseTitle)
            .replace('{date}', day)}
        </h2>
        <dl className="certificate-facts">
          {facts.map(([term, value, className]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd className={className}>{value}</dd>
            </div>
          ))}
        </dl>
        {valid && (
          <a
            className="btn certificate-linkedin"
            href={linkedInAddUrl(certificate, siteConfig.siteName)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {messages.certificateAddToLinkedIn}
          </a>
        )}
      </article>
    );
  }
  return (
    <>
      <PageBanner title={messages.certificatePageTitle} />
      <section className="section">
        <div className="container">{body}</div>
      </section>
    </>
  );
}
