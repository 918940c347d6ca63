/**
 * Every path the server answers, written once: the server's routes register these strings and the
 * web's API files call them, so `/api/cart/add` (what the browser's network panel shows) is the
 * string a search finds. Plain strings, no zod: one `const` per server module, each in its own file
 * under api-paths/, because the bundler places whole files in chunks: the console's paths then travel
 * in the console's chunk, not in the start-up script every page loads. Parameters keep Fastify's form
 * (`:id`); `pathWith` fills them in. apps/server/src/modules/api-paths.test.ts fails when a registered
 * route is missing here or an entry here is not registered.
 */

export { accountPaths } from './api-paths/accounts.js';
export { adminPaths } from './api-paths/admin.js';
export { billingPaths, orderCreditNotePath, orderInvoicePath } from './api-paths/billing.js';
export { bundlePaths } from './api-paths/bundles.js';
export { cartPaths } from './api-paths/cart.js';
export { catalogPaths } from './api-paths/catalog.js';
export { certificatePaths } from './api-paths/certificates.js';
export { cohortPaths } from './api-paths/cohorts.js';
export { communityPaths } from './api-paths/community.js';
export { contactPaths } from './api-paths/contact.js';
export { couponPaths } from './api-paths/coupons.js';
export { googlePaths } from './api-paths/google.js';
export { healthPaths } from './api-paths/health.js';
export { learningPaths } from './api-paths/learning.js';
export { liveSessionPaths } from './api-paths/live-sessions.js';
export { newsletterPaths } from './api-paths/newsletter.js';
export { notePaths } from './api-paths/notes.js';
export { orderPaths } from './api-paths/orders.js';
export { planPaths } from './api-paths/plans.js';
export { playbackPaths } from './api-paths/playback.js';
export { privacyPaths } from './api-paths/privacy.js';
export { reviewPaths } from './api-paths/reviews.js';
export { sandboxPaths } from './api-paths/sandbox.js';
export { subscriptionChargeDocumentPath, subscriptionPaths } from './api-paths/subscriptions.js';
export { videoAdminPaths } from './api-paths/video-admin.js';
export { webPaths } from './api-paths/web.js';

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
