/** A learner's orders and documents, and the console's GST register and settings. */
export const billingPaths = {
  orders: '/api/orders',
  invoice: '/api/orders/:id/invoice',
  creditNote: '/api/orders/:id/credit-note',
  adminInvoices: '/api/admin/invoices',
  adminGstr1: '/api/admin/gstr1',
  adminResendInvoices: '/api/admin/invoices/resend',
  adminTaxSettings: '/api/admin/tax-settings',
  adminSignature: '/api/admin/tax-settings/signature',
} as const;
