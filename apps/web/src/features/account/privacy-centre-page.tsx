import { messages, privacyPaths } from '@shop/shared';
import { useState } from 'react';
import { FormOutcome } from '../../components/ui/form-field';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { api, errorMessage } from '../../lib/api';
import { useAppDispatch } from '../../lib/hooks';
import { useNavigate } from '../../lib/navigation';
import {
  fieldErrors,
  useDeleteAccountMutation,
  useGetPrivacyStatusQuery,
  useUnsubscribeNewsletterMutation,
} from './api';
import { DashboardPage, DashboardPanel } from './dashboard-sidebar';

function NewsletterConsent({ subscribed }: { subscribed: boolean }) {
  const [unsubscribe, { isLoading }] = useUnsubscribeNewsletterMutation();
  const [done, setDone] = useState<string | null>(null);
  return (
    <DashboardPanel id="privacy-newsletter" title={messages.newsletterTitleShort}>
      {done ? (
        <p className="form-notice" role="status">
          {done}
        </p>
      ) : (
        <p>{subscribed ? messages.newsletterOn : messages.newsletterOff}</p>
      )}
      {subscribed && !done && (
        <button
          type="button"
          className="btn"
          disabled={isLoading}
          onClick={async () => setDone((await unsubscribe().unwrap()).message)}
        >
          {messages.unsubscribeNewsletter}
        </button>
      )}
    </DashboardPanel>
  );
}

function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setPasswordError(null);
    if (hasPassword && password === '') {
      setPasswordError(messages.deletePasswordRequired);
      return;
    }
    try {
      const result = await deleteAccount(hasPassword ? { password } : {}).unwrap();
      if (result.deleted) {
        // Leave the dashboard first: on it, the signed-out profile would redirect to the login page.
        await navigate('/delete-account/done', { replace: true, state: { message: result.message } });
        dispatch(api.util.resetApiState());
      } else setNotice(result.message);
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields.password) setPasswordError(fields.password);
      else setFailure(errorMessage(error, messages.emailCallFailed));
    }
  };

  return (
    <DashboardPanel id="privacy-delete" title={messages.deleteAccountTitle}>
      <p>{messages.deleteAccountIntro}</p>
      <form className="auth-form" onSubmit={submit} noValidate aria-labelledby="privacy-delete">
        {hasPassword && (
          <div className="form-field">
            <label htmlFor="delete-password">{messages.deleteAccountPasswordLabel}</label>
            <input
              id="delete-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? 'delete-password-error' : undefined}
            />
            {passwordError && (
              <p id="delete-password-error" className="field-error">
                {passwordError}
              </p>
            )}
          </div>
        )}
        <FormOutcome failure={failure} done={notice} />
        <button type="submit" className="btn" disabled={isLoading}>
          {hasPassword ? messages.deleteAccountButton : messages.deleteAccountByMail}
        </button>
      </form>
    </DashboardPanel>
  );
}

/**
 * "Download my data": a link that works without script; with it, the file is fetched first, so that a
 * refusal (ten exports an hour, attack A7) shows the server's message instead of a failed download.
 */
function DownloadMyData() {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const response = await fetch(privacyPaths.export, { credentials: 'same-origin' });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        setFailure(body?.message ?? messages.emailCallFailed);
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'my-data.json';
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has started the download from the object URL: it can go once this task ends.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch {
      setFailure(messages.emailCallFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <FormOutcome failure={failure} done={null} />
      <a className="btn" href={privacyPaths.export} download="my-data.json" onClick={download} aria-disabled={busy}>
        {messages.downloadMyData}
      </a>
    </>
  );
}

function PrivacyCentre() {
  const { data: status } = useGetPrivacyStatusQuery();
  return (
    <>
      <DashboardPanel id="privacy-notice" title={messages.privacyNoticeTitle}>
        <p>{messages.privacyNotice}</p>
      </DashboardPanel>
      <DashboardPanel id="privacy-download" title={messages.downloadMyData}>
        <p>{messages.downloadMyDataIntro}</p>
        <DownloadMyData />
      </DashboardPanel>
      {status && <NewsletterConsent subscribed={status.newsletterSubscribed} />}
      {status && <DeleteAccount hasPassword={status.hasPassword} />}
    </>
  );
}

export default function PrivacyCentrePage() {
  useDocumentMeta(messages.privacyCentre);
  return (
    <DashboardPage title={messages.privacyCentre}>
      <PrivacyCentre />
    </DashboardPage>
  );
}
