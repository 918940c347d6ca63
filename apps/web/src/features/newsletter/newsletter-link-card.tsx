import { messages } from '@shop/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../app/api';
import { PageBanner } from '../../components/ui/page-banner';

interface Props {
  title: string;
  intro: string;
  button: string;
  busy: boolean;
  act: () => Promise<{ message: string }>;
}

/**
 * The landing page of a mailed newsletter link. Loading it changes nothing (mail scanners follow
 * links): only the button does.
 */
export function NewsletterLinkCard({ title, intro, button, busy, act }: Props) {
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const click = async () => {
    setFailure(null);
    try {
      setDone((await act()).message);
    } catch (error) {
      setFailure(errorMessage(error, messages.newsletterConfirmInvalid));
    }
  };
  return (
    <>
      <PageBanner title={title} />
      <section className="section">
        <div className="container">
          <div className="auth-card">
            {done ? (
              <div className="form-notice" role="status">
                <p>{done}</p>
                <Link to="/" className="btn btn-block">
                  {messages.goToHomeButton}
                </Link>
              </div>
            ) : (
              <>
                <h2>{title}</h2>
                <p>{intro}</p>
                {failure && (
                  <p className="form-error" role="alert">
                    {failure}
                  </p>
                )}
                <button type="button" className="btn btn-block" disabled={busy} onClick={click}>
                  {button}
                </button>
              </>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
