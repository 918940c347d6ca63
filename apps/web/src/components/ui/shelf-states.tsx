import { messages } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** A list that could not be loaded (the cart, the orders, the enrolled courses): what went wrong, announced at once. */
export function LoadFailed({ children }: { children: ReactNode }) {
  return (
    <p className="state-message" role="alert">
      {children}
    </p>
  );
}

/** An empty list (cart, checkout, orders, enrolled courses, wishlist): what is missing and the way back to the shop. */
export function EmptyShelf({
  className,
  message,
  to = '/courses',
}: {
  className: string;
  message: string;
  to?: string;
}) {
  return (
    <div className={className}>
      <p className="state-message">{message}</p>
      <Link to={to} className="btn">
        {messages.cartGoToShop}
      </Link>
    </div>
  );
}
