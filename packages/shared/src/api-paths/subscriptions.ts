/** The subscriptions module: subscribing to a membership plan and the learner's own memberships (issue 34). */
export const subscriptionPaths = {
  subscribe: '/api/subscriptions',
  verify: '/api/subscriptions/verify',
  mine: '/api/my/subscriptions',
  cancel: '/api/my/subscriptions/:id/cancel',
  /**
   * A new authorisation answered like subscribing (the web opens the checkout, then verify): resume before
   * the end of a membership cancelled at period end, or change its payment method (decision 0037 addendum).
   */
  resume: '/api/my/subscriptions/:id/resume',
  changeMethod: '/api/my/subscriptions/:id/change-method',
  /** A charge's tax invoice and credit note (PDF), for the learner who paid it and admins (decision 0037). */
  chargeInvoice: '/api/my/subscriptions/:id/charges/:paymentId/invoice',
  chargeCreditNote: '/api/my/subscriptions/:id/charges/:paymentId/credit-note',
  /** The operator refunds one charge: gateway refund and a credit note against its invoice. */
  adminRefundCharge: '/api/admin/subscriptions/:id/charges/:paymentId/refund',
  /** The operator's members list of a plan (`?format=csv` downloads it) and actions on one membership. */
  adminPlanMembers: '/api/admin/plans/:id/members',
  adminCancel: '/api/admin/subscriptions/:id/cancel',
  adminPause: '/api/admin/subscriptions/:id/pause',
  adminResume: '/api/admin/subscriptions/:id/resume',
} as const;

/** Where the learner opens a charge's invoice or credit note (`invoiceUrl` in GET /api/my/subscriptions). */
export const subscriptionChargeDocumentPath = (
  subscriptionId: string,
  paymentId: string,
  kind: 'invoice' | 'credit-note',
) => `/api/my/subscriptions/${encodeURIComponent(subscriptionId)}/charges/${encodeURIComponent(paymentId)}/${kind}`;
