import { formatRupees } from '@shop/shared';

/** A price in rupees as the shop shows it: `₹4,999.00`. */
export function Price({ rupees, className }: { rupees: number; className?: string }) {
  return <span className={className ?? 'price'}>{formatRupees(rupees)}</span>;
}
