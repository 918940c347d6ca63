/** The plans module: the public memberships and the console's plan editor (issue 34). */
export const planPaths = {
  plans: '/api/plans',
  plan: '/api/plans/:id',
  adminPlans: '/api/admin/plans',
  adminPlan: '/api/admin/plans/:id',
  /** A course's instalment offer (decision 0038): POST sets it, DELETE removes it, GET reads it. */
  adminCourseInstalments: '/api/admin/courses/:id/instalments',
  /** A bundle's instalment offer, as a course's: the same input and answer. */
  adminBundleInstalments: '/api/admin/bundles/:id/instalments',
} as const;
