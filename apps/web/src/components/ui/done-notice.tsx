import { Link } from 'wouter';

interface DoneNoticeProps {
  /** What was done: one line, or several, each its own paragraph. Nothing yet: the notice stays empty. */
  lines: string | null | readonly string[];
  /** Where to go next, drawn as the form's wide button. */
  next?: { to: string; label: string };
  /** Its class: the account forms' green box by default, the contact page's line with `form-status`. */
  look?: 'form-notice' | 'form-status';
}

/**
 * What a form did, announced politely to screen readers: the one done notice of the web app (registration,
 * password reset, sign-in and reset links, certificate name, contact, review). One line is a paragraph;
 * several lines or a next step are a box of paragraphs.
 */
export function DoneNotice({ lines, next, look = 'form-notice' }: DoneNoticeProps) {
  const oneLine = typeof lines === 'string' || lines === null;
  if (oneLine && !next) {
    return (
      <p className={look} role="status">
        {lines}
      </p>
    );
  }
  const paragraphs = typeof lines === 'string' ? [lines] : (lines ?? []);
  return (
    <div className={look} role="status">
      {paragraphs.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {next && (
        <Link to={next.to} className="btn btn-block">
          {next.label}
        </Link>
      )}
    </div>
  );
}
