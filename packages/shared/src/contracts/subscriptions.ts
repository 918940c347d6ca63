import { z } from 'zod';
import { messages } from '../messages.js';
import { objectId } from './common.js';

/**
 * `POST /api/subscriptions`: the signed-in learner subscribes to a published plan. `disclaimerAccepted:
 * true` records the education-only acknowledgement ticked at the checkout; `{ planId }` alone (the
 * contract's payload) records none, as an order does; `false` is refused.
 */
export const subscribeBody = z.object({
  planId: objectId,
  disclaimerAccepted: z.literal(true, messages.disclaimerRequired).optional(),
});
export type SubscribeBody = z.infer<typeof subscribeBody>;
/**
 * What Razorpay Checkout is opened with: the gateway's subscription id, the public key id and where the
 * browser loads the widget from (Razorpay's checkout.js, or the sandbox's), as an order's answer names it.
 */
export const subscribeResponse = z.object({
  ok: z.literal(true),
  subscriptionId: z.string(),
  gatewaySubscriptionId: z.string(),
  keyId: z.string(),
  checkoutUrl: z.string(),
});
export type SubscribeResponse = z.infer<typeof subscribeResponse>;

/** `POST /api/subscriptions/verify`: the checkout's answer, in Razorpay's wire shape. */
export const verifySubscriptionBody = z.object({
  razorpay_payment_id: z.string().min(1).max(64),
  razorpay_subscription_id: z.string().min(1).max(64),
  razorpay_signature: z.string().min(1).max(256),
});
export type VerifySubscriptionBody = z.infer<typeof verifySubscriptionBody>;
export const verifySubscriptionResponse = z.object({ ok: z.literal(true), success: z.literal(true) });
export type VerifySubscriptionResponse = z.infer<typeof verifySubscriptionResponse>;

export const subscriptionStatuses = [
  'created',
  'authenticated',
  'active',
  'pending',
  'halted',
  'cancelled',
  'completed',
  'paused',
  'expired',
] as const;

/**
 * One captured charge; amounts in rupees like every API price; `invoiceUrl` once its invoice exists,
 * `refundedAt` and `creditNoteUrl` once the operator refunded it (decision 0037).
 */
export const subscriptionCharge = z.object({
  paymentId: z.string(),
  amount: z.number().nonnegative(),
  paidAt: z.string(),
  invoiceUrl: z.string().nullable(),
  refundedAt: z.string().nullable().optional(),
  creditNoteUrl: z.string().nullable().optional(),
});
/** One of the learner's subscriptions (`GET /api/my/subscriptions`); times are ISO strings. */
export const mySubscription = z.object({
  id: z.string(),
  planId: z.string(),
  status: z.enum(subscriptionStatuses),
  currentPeriodEnd: z.string().nullable(),
  nextChargeAt: z.string().nullable(),
  amount: z.number().nonnegative(),
  cancelAtPeriodEnd: z.boolean(),
  charges: z.array(subscriptionCharge),
  /**
   * Resume and a new payment method are a new gateway subscription taking over from the old one once its
   * authorisation is verified (decision 0037 addendum; one not yet verified is not listed). `replacedBy`:
   * on the old one, the id of the one that took over (no more actions on the old one; it runs out at its
   * period end). `replaces`: on the new one, the id of the old. `startsAt`: the new one's first charge
   * (the old one's paid period end), null when charged at its authorisation. Optional for older answers.
   */
  replacedBy: z.string().nullable().optional(),
  replaces: z.string().nullable().optional(),
  startsAt: z.string().nullable().optional(),
  /** When the education-only acknowledgement was ticked on subscribing (null: not sent); also in the data export. */
  disclaimerAcceptedAt: z.string().nullable().optional(),
  /** The plan's title, listed or not (an instalment offer's is "{course} in N monthly payments"). */
  planTitle: z.string().optional(),
  /** For a course paid in instalments (decision 0038), the course; null for a membership. */
  courseId: z.string().nullable().optional(),
  /** For a bundle paid in instalments, the bundle (its courses are granted together); null otherwise. */
  bundleId: z.string().nullable().optional(),
});
export type MySubscription = z.infer<typeof mySubscription>;
export const mySubscriptionsResponse = z.object({ ok: z.literal(true), subscriptions: z.array(mySubscription) });
export type MySubscriptionsResponse = z.infer<typeof mySubscriptionsResponse>;

/** `POST /api/my/subscriptions/:id/cancel`: at the end of the paid period; a repeat answers the same. */
export const cancelSubscriptionResponse = z.object({ ok: z.literal(true), cancelAtPeriodEnd: z.literal(true) });
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponse>;

/** `POST /api/admin/subscriptions/:id/charges/:paymentId/refund`: one charge refunded, its credit note issued. */
export const refundChargeResponse = z.object({
  ok: z.literal(true),
  subscriptionId: z.string(),
  paymentId: z.string(),
  gatewayRefundId: z.string(),
  /** Rupees refunded. */
  amount: z.number().nonnegative(),
  creditNoteNumber: z.string().nullable(),
});
export type RefundChargeResponse = z.infer<typeof refundChargeResponse>;

/** One member of a plan in the console (`GET /api/admin/plans/:id/members`); rupees, ISO times. */
export const adminPlanMember = z.object({
  subscriptionId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(subscriptionStatuses),
  since: z.string(),
  nextChargeAt: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Captured charges minus the refunded ones, in rupees. */
  lifetimeValue: z.number(),
  charges: z.array(
    z.object({ paymentId: z.string(), amount: z.number(), paidAt: z.string(), refundedAt: z.string().nullable() }),
  ),
});
export type AdminPlanMember = z.infer<typeof adminPlanMember>;
export const adminPlanMembersResponse = z.object({ ok: z.literal(true), members: z.array(adminPlanMember) });
export type AdminPlanMembersResponse = z.infer<typeof adminPlanMembersResponse>;

/** `POST /api/admin/subscriptions/:id/cancel`: at once, or at the end of the paid period. */
export const adminCancelMemberInput = z.object({ atCycleEnd: z.boolean() }).strict();
/** The operator's cancel, pause or resume: the membership as the gateway holds it afterwards. */
export const adminMemberActionResponse = z.object({
  ok: z.literal(true),
  subscriptionId: z.string(),
  status: z.enum(subscriptionStatuses),
  cancelAtPeriodEnd: z.boolean(),
  nextChargeAt: z.string().nullable(),
});
export type AdminMemberActionResponse = z.infer<typeof adminMemberActionResponse>;
