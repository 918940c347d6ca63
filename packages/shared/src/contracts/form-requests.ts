/**
 * The contracts of the requests a browser form sends, written once with `zod/mini`: the form validates
 * with the very schema the server's route declares (fastify-type-provider-zod takes mini schemas), and
 * a form page bundles a fraction of what classic zod costs (issue 19's 30 KB route budget). Decision 0025.
 *
 * Each form's schemas are in a file of their own, re-exported here: a page bundles the whole file it imports
 * from (every top-level schema in it), so a file per form keeps the others' rules out of its chunk.
 */
export { emailField } from './account-fields.js';
export * from './bundle-requests.js';
export * from './certificate-name-request.js';
export * from './change-password-request.js';
export * from './contact-request.js';
export * from './coupon-requests.js';
export * from './mailed-token-requests.js';
export * from './newsletter-send-input.js';
export * from './plan-requests.js';
export * from './review-requests.js';
export * from './sign-in-requests.js';
export * from './sign-up-request.js';
