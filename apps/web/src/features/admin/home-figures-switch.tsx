import { errorMessage } from '../../lib/api';
import { useGetHomeFiguresSettingQuery, useSaveHomeFiguresSettingMutation } from './home-figures-api';

/**
 * The home page's statistics strip (issue 32): the specification's figures by default, or the shop's own,
 * counted as they happen. Saved the moment the box changes.
 */
export function HomeFiguresSwitch() {
  const { data } = useGetHomeFiguresSettingQuery();
  const [save, saving] = useSaveHomeFiguresSettingMutation();
  return (
    <section aria-labelledby="home-figures-title">
      <h2 id="home-figures-title">Home page statistics</h2>
      <div className="admin-check">
        <input
          id="home-figures-live"
          type="checkbox"
          checked={data?.live ?? false}
          disabled={!data || saving.isLoading}
          aria-describedby="home-figures-hint"
          onChange={(event) => void save({ live: event.target.checked })}
        />
        <label htmlFor="home-figures-live">Show live figures on the home page</label>
      </div>
      <p id="home-figures-hint" className="admin-hint">
        Off: the strip shows 10+ Active Courses, 92+ Sold Courses, 100+ Active Users and 34 Achieved. On: the published
        courses, the courses sold and not refunded, the learners who own a course now, and the certificates issued.
      </p>
      {saving.isError && (
        <p className="admin-error" role="alert">
          {errorMessage(saving.error, 'The setting could not be saved. Please try again.')}
        </p>
      )}
      {saving.isSuccess && (
        <p role="status" className="admin-hint">
          Saved. The home page shows {data?.live ? 'live figures' : "the specification's figures"} within a few seconds.
        </p>
      )}
    </section>
  );
}
