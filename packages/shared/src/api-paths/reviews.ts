export const reviewPaths = {
  reviews: '/api/courses/:id/reviews',
  mine: '/api/courses/:id/reviews/mine',
  adminReviews: '/api/admin/reviews',
  adminVisibility: '/api/admin/reviews/:id/visibility',
} as const;
