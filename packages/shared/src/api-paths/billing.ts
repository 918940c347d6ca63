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
  /** The public part of the tax settings the checkout computes the amount to pay with. */
  checkoutTax: '/api/checkout/tax',
} as const;

/**
 * The order's invoice and credit note downloads, as the learner's /orders page links them. Plain
 * functions in a file with no schema, so the page bundles no validation library for them.
 */
export const orderInvoicePath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/invoice`;
export const orderCreditNotePath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/credit-note`;
