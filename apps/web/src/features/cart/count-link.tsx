import type { ReactNode } from 'react';
import { Link } from 'wouter';

interface CountLinkProps {
  to: string;
  /** What the link leads to ('Cart'); its accessible name adds the count ('Cart, 2 courses'). */
  name: string;
  count: number;
  icon: ReactNode;
}

/** A header icon link with the number of courses in what it leads to (the cart, the wishlist). */
export function CountLink({ to, name, count, icon }: CountLinkProps) {
  const label = count === 0 ? name : `${name}, ${count} ${count === 1 ? 'course' : 'courses'}`;
  return (
    <Link to={to} className="icon-link" aria-label={label}>
      {icon}
      {count > 0 && (
        <span className="badge" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}
