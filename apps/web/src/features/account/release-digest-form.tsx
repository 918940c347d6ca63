import { messages } from '@shop/shared';
import { DashboardPanel } from './dashboard-sidebar';
import { useGetReleaseDigestQuery, useSaveReleaseDigestMutation } from './release-digest-api';

/** The learner's choice of the daily e-mail of newly opened lessons (issue 35), saved as it is ticked. */
export function ReleaseDigestForm() {
  const { data: enabled } = useGetReleaseDigestQuery();
  const [save, saving] = useSaveReleaseDigestMutation();
  return (
    <DashboardPanel id="lesson-emails" title={messages.releaseDigestPanel}>
      <div className="check-field">
        <input
          id="release-digest"
          type="checkbox"
          checked={enabled ?? true}
          disabled={enabled === undefined || saving.isLoading}
          onChange={(event) => void save({ enabled: event.target.checked })}
        />
        <label htmlFor="release-digest">{messages.releaseDigestSetting}</label>
      </div>
      <p role="status" aria-live="polite">
        {saving.isSuccess ? messages.releaseDigestSaved : ''}
      </p>
      {saving.isError && (
        <p className="form-error" role="alert">
          {messages.releaseDigestFailed}
        </p>
      )}
    </DashboardPanel>
  );
}
