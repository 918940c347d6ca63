/**
 * The subscriptions module's face to the other modules (issue 34): the orders module's webhook hands it
 * the gateway's subscription events; learning and playback ask it whether a membership opens a course;
 * the privacy centre ends a deleted account's subscriptions; the owner's dashboard reads the charges taken. Its tables
 * (`gateway_plans`, `subscriptions`, `subscription_charges`) are its own; its routes register in modules/index.ts.
 */
export { findChargeTakingsSince } from './charges-repo.js';
export { coursesInInstalments } from './courses-in-instalments.js';
export { endSubscriptionsOf } from './end-subscriptions-of.js';
export { type EnrolBuyer, grantInstalmentCourses } from './grant-instalment-courses.js';
export { handleSubscriptionEvent } from './handle-subscription-event.js';
export { listMySubscriptions } from './list-my-subscriptions.js';
export { hasMembershipAccess, hasPlanAccess, memberIdsWithAccess, membershipStartedAt } from './member-access.js';
export { notifyMembers } from './notify-members.js';
export { reconcileSubscriptions, type SubscriptionReconcileReport } from './reconcile-subscriptions.js';
export { type GatewayRefundOutcome, recordGatewayRefund } from './record-gateway-refund.js';
export { remindRenewals } from './remind-renewals.js';
