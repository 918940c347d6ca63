/**
 * The subscriptions module's face to the other modules (issue 34): the orders module's webhook hands it
 * the gateway's subscription events; learning asks it whether a membership opens a course. Its tables
 * (`gateway_plans`, `subscriptions`, `subscription_charges`) are its own; its routes register in modules/index.ts.
 */
export { handleSubscriptionEvent } from './handle-subscription-event.js';
export { hasMembershipAccess } from './member-access.js';
