import { messages } from '@shop/shared';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { api, errorMessage } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useConfirmAccountDeletionMutation } from './api';
import './account.css';

/**
 * The mailed deletion link's landing page, and the page shown after a deletion ('done'). Loading it
 * deletes nothing (mail scanners follow links): only the button does.
 */
export default function DeleteAccountPage() {
  useDocumentMeta(messages.deleteConfirmTitle);
  const { token = '' } = useParams();
  const location = useLocation();
  const [confirm, { isLoading }] = useConfirmAccountDeletionMutation();
  const dispatch = useAppDispatch();
  const stateMessage = (location.state as { message?: unknown } | null)?.message;
  const [done, setDone] = useState<string | null>(
    token === 'done' ? (typeof stateMessage === 'string' ? stateMessage : messages.accountDeleted) : null,
  );
  const [failure, setFailure] = useState<string | null>(null);

  const click = async () => {
    setFailure(null);
    try {
      const result = await confirm(token).unwrap();
      dispatch(api.util.resetApiState());
      setDone(result.message);
    } catch (error) {
      setFailure(errorMessage(error, messages.deleteLinkInvalid));
    }
  };

  return (
    <>
      <PageBanner title={messages.deleteAccountTitle} />
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
                <h2>{messages.deleteConfirmTitle}</h2>
                <p>{messages.deleteAccountIntro}</p>
                {failure && (
                  <p className="form-error" role="alert">
                    {failure}
                  </p>
                )}
                <button type="button" className="btn btn-block" disabled={isLoading} onClick={click}>
                  {messages.deleteAccountButton}
                </button>
              </>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
