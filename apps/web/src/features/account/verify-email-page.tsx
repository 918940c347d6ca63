import { type LinkPreviewResponse, messages } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { errorMessage } from '../../lib/api';
import { useNavigate } from '../../lib/navigation';
import { usePreviewEmailTokenMutation, useVerifyEmailTokenMutation } from './api';
import { AuthCard } from './auth-card';
import { useSignedIn } from './use-session';

const REDIRECT_AFTER_MS = 3500;

type Outcome = { ok: true; message: string } | { ok: false; message: string; detail?: string };

function failure(error: unknown): Outcome {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number'
    ? { ok: false, message: messages.emailVerificationFailed, detail: errorMessage(error, messages.linkInvalid) }
    : { ok: false, message: messages.verificationError };
}

/**
 * The landing page of every mailed link (verification and sign-in). Loading it uses nothing up: it
 * only asks which account the link is for (a masked address), and the link is consumed by a click on
 * "Continue as rac…@mail.example.com". So a link to someone else's token cannot sign a visitor in behind their
 * back (login CSRF), and a scanner that opens the link, scripts and all, leaves it working. A browser
 * signed in to another account is told so before it switches.
 */
export default function VerifyEmailPage() {
  useDocumentMeta('Verify E-mail');
  const { token } = useParams();
  const [preview] = usePreviewEmailTokenMutation();
  const [verify, { isLoading: verifying }] = useVerifyEmailTokenMutation();
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkPreviewResponse | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once per page: React may run this effect twice in development.
    if (started.current) return;
    started.current = true;
    if (!token) {
      setOutcome({ ok: false, message: messages.invalidToken });
      return;
    }
    preview(token)
      .unwrap()
      .then(setLink)
      .catch((error: unknown) => setOutcome(failure(error)));
  }, [token, preview]);

  const proceed = async () => {
    if (!token) return;
    try {
      const result = await verify(token).unwrap();
      await signedIn(result);
      setOutcome({ ok: true, message: result.message });
    } catch (error) {
      setOutcome(failure(error));
    }
  };

  useEffect(() => {
    if (!outcome?.ok) return;
    const timer = window.setTimeout(() => navigate('/', { replace: true }), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, navigate]);

  return (
    <AuthCard banner="Verify E-mail" landing aria-live="polite">
      {!outcome && !link && <h2>{messages.linkLoading}</h2>}
      {!outcome && link && (
        <>
          <p>{messages.linkCheckAccount.replace('{email}', link.email)}</p>
          {link.signedInAs && (
            <p className="form-notice" role="alert">
              {messages.linkSignedInAsOther.replaceAll('{username}', link.signedInAs).replace('{email}', link.email)}
            </p>
          )}
          <button type="button" className="btn" disabled={verifying} onClick={() => void proceed()}>
            {verifying ? messages.verifying : messages.linkContinueAs.replace('{email}', link.email)}
          </button>
        </>
      )}
      {outcome?.ok && (
        <>
          <h2>{messages.redirecting}</h2>
          <p className="form-notice" role="status">
            {outcome.message}
          </p>
        </>
      )}
      {outcome && !outcome.ok && (
        <>
          <h2>{outcome.message}</h2>
          {outcome.detail && <p>{outcome.detail}</p>}
          <p>
            <Link to="/login" className="link">
              Ask for a new sign-in link
            </Link>
          </p>
        </>
      )}
      {outcome && (
        <Link to="/" className="btn">
          {messages.goToHomeButton}
        </Link>
      )}
    </AuthCard>
  );
}
