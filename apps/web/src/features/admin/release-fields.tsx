import { messages, type ReleaseKind, type ReleaseRule } from '@shop/shared';

interface Props {
  /** The id the controls' ids start with. */
  base: string;
  /** Which section or lesson, for screen readers (" for lesson 2 in section 1"). */
  whose: string;
  rule: ReleaseRule;
  error: string | undefined;
  onChange: (rule: ReleaseRule) => void;
}

const kinds: [ReleaseKind, string][] = [
  ['immediate', messages.releaseImmediate],
  ['afterEnrolment', messages.releaseAfterEnrolment],
  ['afterCohortStart', messages.releaseAfterCohortStart],
  ['onDate', messages.releaseOnDate],
];

/** A section's or lesson's scheduled release (issue 35): when, and the days or the date it needs. */
export function ReleaseFields({ base, whose, rule, error, onChange }: Props) {
  const relative = rule.kind === 'afterEnrolment' || rule.kind === 'afterCohortStart';
  const described = error ? `${base}-release-error` : undefined;
  return (
    <div className="admin-field structure-release">
      <label htmlFor={`${base}-release`}>
        {messages.releaseLabel}
        <span className="visually-hidden"> for{whose}</span>
      </label>
      <select
        id={`${base}-release`}
        value={rule.kind}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(event) => onChange({ ...rule, kind: event.target.value as ReleaseKind })}
      >
        {kinds.map(([kind, label]) => (
          <option key={kind} value={kind}>
            {label}
          </option>
        ))}
      </select>
      {relative && (
        <>
          <label htmlFor={`${base}-release-days`}>
            {messages.releaseDays}
            <span className="visually-hidden"> for{whose}</span>
          </label>
          <input
            id={`${base}-release-days`}
            type="number"
            inputMode="numeric"
            min={0}
            max={3650}
            step={1}
            value={rule.days}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            onChange={(event) => onChange({ ...rule, days: event.target.valueAsNumber })}
          />
        </>
      )}
      {rule.kind === 'onDate' && (
        <>
          <label htmlFor={`${base}-release-date`}>
            {messages.releaseDate}
            <span className="visually-hidden"> for{whose}</span>
          </label>
          <input
            id={`${base}-release-date`}
            type="date"
            value={rule.date ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            onChange={(event) => onChange({ ...rule, date: event.target.value })}
          />
        </>
      )}
      {error && (
        <p id={`${base}-release-error`} className="admin-error">
          {messages.releaseLabel} {error}
        </p>
      )}
    </div>
  );
}
