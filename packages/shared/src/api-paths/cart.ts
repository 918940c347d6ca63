export const cartPaths = {
  cart: '/api/cart',
  add: '/api/cart/add',
  remove: '/api/cart/remove',
  merge: '/api/cart/merge',
} as const;
