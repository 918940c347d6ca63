import type { ReactNode } from 'react';
import { Link } from 'wouter';

/**
 * What a form did, announced politely, and where to go next when there is a next step (a link drawn
 * as the form's wide button).
 */
export function DoneNotice({ children, next }: { children: ReactNode; next?: { to: string; label: string } }) {
  return (
    <div className="form-notice" role="status">
      {children}
      {next && (
        <Link to={next.to} className="btn btn-block">
          {next.label}
        </Link>
      )}
    </div>
  );
}
