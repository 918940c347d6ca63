/** The plans module: the public memberships and the console's plan editor (issue 34). */
export const planPaths = {
  plans: '/api/plans',
  plan: '/api/plans/:id',
  adminPlans: '/api/admin/plans',
  adminPlan: '/api/admin/plans/:id',
} as const;
