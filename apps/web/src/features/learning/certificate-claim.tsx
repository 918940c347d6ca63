import { messages } from '@shop/shared';
import { lazy, Suspense, useState } from 'react';
import { DoneNotice } from '../../components/ui/done-notice';
import { CertificateLink } from './certificate-link';
import { useClaimCertificateMutation, useGetPrintedNameQuery, useReissueCertificateMutation } from './learn-api';

/** The name form with the form library, its own chunk: most of the player's visits never show it. */
const PrintedNameForm = lazy(() => import('./printed-name-form'));

/**
 * Issue 32 (N2): a course whose every lesson is complete asks for the full name to print before its
 * first certificate, prefilled with the name given at checkout; never the username.
 */
export function CertificateClaim({ courseId }: { courseId: string }) {
  const { data } = useGetPrintedNameQuery();
  const [claim, claiming] = useClaimCertificateMutation();
  return (
    <section className="player-certificate-claim" aria-labelledby="certificate-claim-title">
      <h2 id="certificate-claim-title">{messages.certificateClaimTitle}</h2>
      <p>{messages.certificateClaimIntro}</p>
      <Suspense fallback={null}>
        <PrintedNameForm
          // Remounted once the suggestion arrives, so it fills the field.
          key={data ? 'loaded' : 'loading'}
          id="certificate-claim-name"
          label={messages.certificateClaimLabel}
          submitLabel={messages.certificateClaimSubmit}
          initial={data?.suggestedName ?? ''}
          busy={claiming.isLoading}
          onSubmit={(certificateName) => claim({ courseId, certificateName }).unwrap()}
        />
      </Suspense>
    </section>
  );
}

/** The issued certificate's download, and its one re-issue with a corrected name. */
export function IssuedCertificate({ courseId, certificateId }: { courseId: string; certificateId: string }) {
  const { data } = useGetPrintedNameQuery();
  const [reissue, reissuing] = useReissueCertificateMutation();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <div className="player-certificate">
      <CertificateLink id={certificateId} className="btn btn-outline" />
      {done && <DoneNotice lines={messages.certificateReissued} />}
      {!done && !open && (
        <button type="button" className="btn btn-outline btn-small" onClick={() => setOpen(true)}>
          {messages.certificateReissueOpen}
        </button>
      )}
      {!done && open && (
        <section className="player-certificate-claim" aria-labelledby="certificate-reissue-title">
          <h2 id="certificate-reissue-title">{messages.certificateReissueTitle}</h2>
          <p>{messages.certificateReissueIntro}</p>
          <Suspense fallback={null}>
            <PrintedNameForm
              key={data ? 'loaded' : 'loading'}
              id="certificate-reissue-name"
              label={messages.certificateClaimLabel}
              submitLabel={messages.certificateReissueSubmit}
              initial={data?.certificateName ?? ''}
              busy={reissuing.isLoading}
              onSubmit={async (certificateName) => {
                await reissue({ courseId, certificateId, certificateName }).unwrap();
                setDone(true);
              }}
            />
          </Suspense>
          <button type="button" className="btn btn-outline btn-small" onClick={() => setOpen(false)}>
            {messages.certificateReissueCancel}
          </button>
        </section>
      )}
    </div>
  );
}
