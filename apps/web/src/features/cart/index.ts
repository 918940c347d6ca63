/**
 * What other features may use of the cart feature. Only pieces that add no styles or endpoints of their
 * own are named here: a chunk that imports this file gets every module it names. The buttons (with their
 * CSS) and the checkout tax query (`cart-totals.tsx`) are still imported directly, listed in
 * apps/server/src/architecture.test.ts.
 */
export { useAddBundleToCartMutation, useCheckCouponMutation, useGetCartQuery } from './api';
export type { AppliedCoupon } from './applied-coupon';
export { BuyerPage } from './buyer-page';
export { CountLink } from './count-link';
export { type SaleLine, saleLines } from './sale-lines';
export { forgetSavedCoupon, readSavedCoupon } from './saved-coupon';
export { isCourseId, storedItems } from './stored-items';
export { useErrorToastOnce } from './use-error-toast-once';
