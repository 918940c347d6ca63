/** A coupon the server accepted for this cart: its id goes to checkout, its percentage into the totals. */
export interface AppliedCoupon {
  id: string;
  code: string;
  percent: number;
}
