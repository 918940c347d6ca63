import { messages } from '@shop/shared';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { DoneNotice } from './done-notice';
import { PageBanner } from './page-banner';

interface Props {
  /** The banner's title; the card's heading is `heading`, or the same title. */
  title: string;
  heading?: string;
  intro: string;
  button: string;
  busy: boolean;
  /** Shown when the request fails with no message of its own (an expired or used link). */
  invalid: string;
  /** A message to show at once, as after the action (a page reached once it is done). */
  doneAlready?: string | null;
  act: () => Promise<{ message: string }>;
}

/**
 * The landing page of a mailed link (newsletter confirmation or unsubscription, account deletion).
 * Loading it changes nothing (mail scanners follow links): only the button does.
 */
export function MailedLinkCard({ title, heading, intro, button, busy, invalid, doneAlready = null, act }: Props) {
  const [done, setDone] = useState<string | null>(doneAlready);
  const [failure, setFailure] = useState<string | null>(null);
  const click = async () => {
    setFailure(null);
    try {
      setDone((await act()).message);
    } catch (error) {
      setFailure(errorMessage(error, invalid));
    }
  };
  return (
    <>
      <PageBanner title={title} />
      <section className="section">
        <div className="container">
          <div className="auth-card">
            {done ? (
              <DoneNotice lines={[done]} next={{ to: '/', label: messages.goToHomeButton }} />
            ) : (
              <>
                <h2>{heading ?? title}</h2>
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
