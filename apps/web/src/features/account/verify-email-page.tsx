import { messages } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../app/api';
import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useVerifyEmailTokenMutation } from './api';
import { useSignedIn } from './use-session';
import './account.css';

const REDIRECT_AFTER_MS = 3500;

type Outcome = { ok: true; message: string } | { ok: false; message: string; detail?: string };

/**
 * The landing page of every mailed link (verification and sign-in). It consumes the token with a POST,
 * so a mail scanner that follows the link's GET cannot use it up.
 */
export default function VerifyEmailPage() {
  useDocumentMeta('Verify E-mail');
  const { token } = useParams();
  const [verify] = useVerifyEmailTokenMutation();
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once per page: a token works once, and React may run this effect twice in development.
    if (started.current) return;
    started.current = true;
    if (!token) {
      setOutcome({ ok: false, message: messages.invalidToken });
      return;
    }
    verify(token)
      .unwrap()
      .then(async (result) => {
        await signedIn(result);
        setOutcome({ ok: true, message: result.message });
      })
      .catch((error: unknown) => {
        const status = (error as { status?: unknown }).status;
        setOutcome(
          typeof status === 'number'
            ? {
                ok: false,
                message: messages.emailVerificationFailed,
                detail: errorMessage(error, messages.linkInvalid),
              }
            : { ok: false, message: messages.verificationError },
        );
      });
  }, [token, verify, signedIn]);

  useEffect(() => {
    if (!outcome?.ok) return;
    const timer = window.setTimeout(() => navigate('/', { replace: true }), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, navigate]);

  return (
    <>
      <PageBanner title="Verify E-mail" />
      <section className="section">
        <div className="container">
          <div className="auth-card landing" aria-live="polite">
            {!outcome && <h2>{messages.verifying}</h2>}
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
          </div>
        </div>
      </section>
    </>
  );
}
