/**
 * The coupons module's face: finding a code (normalised as checkout normalises it), counting its uses,
 * the console's writes of a coupon, and the writes of its uses that an order's checkout, payment and
 * closing make (all in the caller's transaction). Other modules import from here, never from `repo.ts` (architecture.test.ts).
 */
export {
  type CouponRow,
  countRedemptions,
  deactivateCouponRow,
  deleteRedemptionsOf,
  findCouponByCode,
  findCouponById,
  findCoupons,
  insertCoupon,
  insertRedemption,
  keepRedemption,
  type NewCoupon,
  normaliseCode,
  updateCoupon,
} from './repo.js';
