import { indiaLongDate, messages, type PublicCohort } from '@shop/shared';
import { useId } from 'react';

function seatsText(left: number | null): string | null {
  if (left === null) return null;
  if (left === 0) return messages.cohortFullLabel;
  return left === 1 ? messages.cohortOneSeatLeft : messages.cohortSeatsLeft.replace('{count}', String(left));
}

/**
 * The course page's choice of cohort (issue 35): a radio group of the cohorts open for enrolment, each with
 * its start in India's long form and the seats left; a full one is shown, disabled, so the learner sees
 * why it cannot be picked. Native radios: arrow keys move between them, as a keyboard user expects.
 */
export function CohortPicker({
  cohorts,
  value,
  onChange,
  error,
}: {
  cohorts: PublicCohort[];
  value: string | null;
  onChange: (id: string) => void;
  error: string | null;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="cohort-picker" aria-describedby={error ? errorId : undefined}>
      <legend>{messages.cohortPickLegend}</legend>
      {cohorts.length === 0 && <p>{messages.noCohortOpen}</p>}
      {cohorts.map((cohort) => {
        const full = cohort.seatsLeft === 0;
        const seats = seatsText(cohort.seatsLeft);
        return (
          <label key={cohort.id} className="cohort-option" data-disabled={full || undefined}>
            <input
              type="radio"
              name={name}
              value={cohort.id}
              checked={value === cohort.id}
              disabled={full}
              onChange={() => onChange(cohort.id)}
            />
            <span>
              {cohort.title}
              <span className="cohort-option-detail">
                {messages.cohortStarts.replace('{date}', indiaLongDate(cohort.startsOn))}
                {seats && ` · ${seats}`}
              </span>
            </span>
          </label>
        );
      })}
      {error && (
        <p id={errorId} className="cart-notice" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
