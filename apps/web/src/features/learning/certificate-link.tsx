import { certificatePaths, messages, pathWith } from '@shop/shared';

/** The learner's certificate PDF; the server gives it only to the learner it was issued to. */
export function CertificateLink({
  id,
  className,
  describedBy,
}: {
  id: string;
  className: string;
  describedBy?: string;
}) {
  return (
    <a
      className={className}
      href={pathWith(certificatePaths.pdf, { id })}
      download={`certificate-${id}.pdf`}
      aria-describedby={describedBy}
    >
      {messages.certificateDownload}
    </a>
  );
}
