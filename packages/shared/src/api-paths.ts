/**
 * Every path the server answers, written once: the server's routes register these strings and the
 * web's API files call them, so `/api/cart/add` (what the browser's network panel shows) is the
 * string a search finds. Plain strings, no zod: one `const` per module so a page's bundle keeps only
 * the groups it uses. Parameters keep Fastify's form (`:id`); `pathWith` fills them in.
 * apps/server/src/modules/api-paths.test.ts fails when a registered route is missing here or an entry here is
 * not registered.
 */

export const healthPaths = {
  health: '/api/health',
} as const;

export const catalogPaths = {
  courses: '/api/courses',
  course: '/api/courses/:id',
} as const;

export const reviewPaths = {
  reviews: '/api/courses/:id/reviews',
  mine: '/api/courses/:id/reviews/mine',
  adminReviews: '/api/admin/reviews',
  adminVisibility: '/api/admin/reviews/:id/visibility',
} as const;

/** Sign-up, sign-in and the session: the accounts module. */
export const accountPaths = {
  profile: '/api/profile',
  logout: '/api/logout',
  /** The old site's sign-out link: a redirect home. */
  logoutLink: '/auth/logout',
  signUp: '/api/signup',
  signIn: '/api/signin',
  emailLink: '/api/email',
  verifyEmailToken: '/api/verify-email-token',
  previewEmailToken: '/api/preview-email-token',
  changePassword: '/api/change-password',
  forgotPassword: '/api/forgot-password',
  resetPassword: '/api/reset-password',
} as const;

/** The privacy centre: what we hold, its export, the newsletter opt-out and the account's deletion. */
export const privacyPaths = {
  privacy: '/api/me/privacy',
  export: '/api/me/export',
  newsletterUnsubscribe: '/api/me/newsletter/unsubscribe',
  delete: '/api/me/delete',
  deleteConfirm: '/api/me/delete/confirm',
} as const;

/** Full-page navigations, not fetches: the browser leaves for Google and comes back. */
export const googlePaths = {
  start: '/auth/google',
  callback: '/auth/google/callback',
} as const;

/** The offline payment page that stands in for Razorpay's checkout in development and tests. */
export const sandboxPaths = {
  checkoutScript: '/sandbox/checkout.js',
  pay: '/api/sandbox/pay',
} as const;

export const orderPaths = {
  createOrder: '/api/create-order',
  verifyPayment: '/api/verify-payment',
  razorpayWebhook: '/api/webhooks/razorpay',
} as const;

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

export const cartPaths = {
  cart: '/api/cart',
  add: '/api/cart/add',
  remove: '/api/cart/remove',
  merge: '/api/cart/merge',
} as const;

export const couponPaths = {
  coupon: '/api/coupon/:code',
} as const;

export const learningPaths = {
  enrolledCourses: '/api/enrolled-courses',
  course: '/api/learn/:courseId',
  progress: '/api/learn/:courseId/lessons/:lessonId/progress',
  previews: '/api/learn/:courseId/previews',
  file: '/api/files/:fileId',
} as const;

export const certificatePaths = {
  certificate: '/api/certificates/:id',
  pdf: '/api/certificates/:id/pdf',
  name: '/api/profile/certificate-name',
} as const;

export const notePaths = {
  notes: '/api/learn/:courseId/notes',
  markdown: '/api/learn/:courseId/notes.md',
  lessonNotes: '/api/learn/:courseId/lessons/:lessonId/notes',
  note: '/api/learn/:courseId/notes/:noteId',
} as const;

export const contactPaths = {
  contact: '/api/contact',
} as const;

export const newsletterPaths = {
  subscribe: '/api/newsletter',
  confirm: '/api/newsletter/confirm',
  unsubscribe: '/api/newsletter/unsubscribe',
  adminSend: '/api/admin/newsletter/send',
} as const;

/** The console (the admin module); other modules' console paths are in their own group. */
export const adminPaths = {
  courses: '/api/admin/courses',
  course: '/api/admin/courses/:id',
  structure: '/api/admin/courses/:id/structure',
  publish: '/api/admin/courses/:id/publish',
  thumbnails: '/api/admin/thumbnails',
  files: '/api/admin/courses/:id/files',
  file: '/api/admin/courses/:id/files/:fileId',
  coupons: '/api/admin/coupons',
  coupon: '/api/admin/coupons/:id',
  deactivateCoupon: '/api/admin/coupons/:id/deactivate',
  orders: '/api/admin/orders',
  ordersCsv: '/api/admin/orders.csv',
  order: '/api/admin/orders/:id',
  refund: '/api/admin/orders/:id/refund',
  dashboard: '/api/admin/dashboard',
  audit: '/api/admin/audit',
  learners: '/api/admin/learners',
  learner: '/api/admin/learners/:id',
  learnerStatus: '/api/admin/learners/:id/status',
  grant: '/api/admin/learners/:id/grant',
  revoke: '/api/admin/learners/:id/revoke',
  messages: '/api/admin/messages',
  messageHandled: '/api/admin/messages/:id/handled',
  subscribersCsv: '/api/admin/subscribers.csv',
  deletions: '/api/admin/deletions',
  /** Thumbnails the console uploaded, served as static files. */
  uploads: '/uploads/*',
} as const;

/** The web app's pages: its entry document and the fallback every client route is answered by. */
export const webPaths = {
  index: '/',
  page: '/*',
} as const;

/** The names of a path's `:parameters`: `PathParams<'/api/learn/:courseId/notes/:noteId'>` is `'courseId' | 'noteId'`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name extends `${infer Base}.${string}`
      ? Base
      : Name
    : never;

/** A path with its parameters filled in, each encoded: `pathWith(catalogPaths.course, { id })`. */
export function pathWith<P extends string>(path: P, params: Record<PathParams<P>, string | number>): string {
  const values = params as Record<string, string | number>;
  return path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(values[name])));
}
