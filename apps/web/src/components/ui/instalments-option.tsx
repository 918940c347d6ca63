import { formatRupees, type InstalmentOffer, messages } from '@shop/shared';
import { Link } from 'wouter';

/** The buy box's line under a price: "or {count} × {amount} a month", to the offer's page. */
export function InstalmentsOption({ offer, to, className }: { offer: InstalmentOffer; to: string; className: string }) {
  return (
    <p className={className}>
      <Link to={to}>
        {messages.instalmentsOption
          .replace('{count}', String(offer.count))
          .replace('{amount}', formatRupees(offer.amount))}
      </Link>
    </p>
  );
}
