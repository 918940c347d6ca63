/**
 * The coupons module's face to the console: finding a code (normalised as checkout normalises it) and
 * counting its uses. Other modules import from here, never from `repo.ts` (architecture.test.ts).
 */
export { type CouponRow, countRedemptions, findCouponByCode, normaliseCode } from './repo.js';
