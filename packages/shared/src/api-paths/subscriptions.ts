/** The subscriptions module: subscribing to a membership plan and the learner's own memberships (issue 34). */
export const subscriptionPaths = {
  subscribe: '/api/subscriptions',
  verify: '/api/subscriptions/verify',
  mine: '/api/my/subscriptions',
  cancel: '/api/my/subscriptions/:id/cancel',
} as const;
