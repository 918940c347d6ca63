export const couponPaths = {
  coupon: '/api/coupon/:code',
} as const;
