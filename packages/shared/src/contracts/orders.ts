import { z } from 'zod';
import { atMostTwoDecimals, hasAtMostTwoDecimals } from '../field-rules.js';
import { billingTaxProblems } from '../gst.js';
import { messages } from '../messages.js';
import { isPrintableName, normalisePersonName } from '../person-name.js';

/** A name printed on the invoice: one line, NFC, no control, bidi or zero-width characters (B6). */
const printedName = (max: number, tooLong?: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine(isPrintableName, messages.billingNameCharacters)
    .transform(normalisePersonName);

const rupees = z
  .number({ error: 'must be a number of rupees' })
  .nonnegative('must not be negative')
  .max(10_000_000, 'is larger than any order this shop takes')
  .refine(hasAtMostTwoDecimals, atMostTwoDecimals);

/**
 * The spec's order-creation payload. `amount` is the rupee total the buyer saw; the server prices the
 * signed-in user's cart itself and refuses (409) when the two differ. `userId` is ignored (the session
 * decides), and `courseId` only records what the page showed.
 */
export const createOrderBody = z
  .object({
    amount: rupees,
    name: printedName(200).pipe(z.string().min(1, 'is required')),
    email: z.email('must be a valid e-mail address').max(254),
    courseId: z.string().max(5000).optional().default(''),
    userId: z.string().max(100).nullish(),
    validDiscount: rupees.optional().default(0),
    discountCouponId: z.string().max(100).nullish(),
    // Billing details for the tax invoice (issue 16); the rules are billingTaxProblems, shared with the form.
    // Optional for callers that send none, as the spec's payload (the place of supply is then the shop's
    // state, and the order records that no disclaimer was acknowledged); any one sent brings all the rules.
    state: z.string().max(2).optional(),
    pin: z.string().trim().max(6).optional(),
    businessName: printedName(200, messages.billingBusinessTooLong).optional(),
    /** ISO 3166-1 alpha-2 country, required with state 96 (Outside India): checked against the payment. */
    country: z
      .string()
      .trim()
      .max(2, messages.billingCountryRequired)
      .transform((value) => value.toUpperCase())
      .optional(),
    gstin: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .optional(),
    /** The buyer ticked "Education only, not investment advice". */
    disclaimerAccepted: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.state === undefined && !body.pin && !body.gstin && !body.businessName && !body.country) return;
    for (const problem of billingTaxProblems(body))
      ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    // A checkout that sends the billing details is the current form, which asks for the tick.
    if (!body.disclaimerAccepted)
      ctx.addIssue({ code: 'custom', path: ['disclaimerAccepted'], message: messages.disclaimerRequired });
  });
export type CreateOrderBody = z.input<typeof createOrderBody>;

export const createOrderResponse = z.object({
  ok: z.literal(true),
  /** The gateway's order id (Razorpay `order_…`), or null for a free (100 %) order. */
  order_id: z.string().nullable(),
  /** Paise, as the checkout widget takes it. */
  amount: z.number().int().nonnegative(),
  name: z.string(),
  email: z.string(),
  validDiscount: z.number(),
  discountCouponId: z.string().nullable(),
  courseId: z.string(),
  userId: z.string(),
  currency: z.literal('INR'),
  key_id: z.string(),
  /** Our own order id. */
  orderId: z.string(),
  /** Where the widget script loads from, and whether it is the TEST MODE sandbox. */
  checkoutUrl: z.string(),
  /** 'free', 'sandbox' (TEST MODE), or the payment provider's name ('razorpay'). */
  mode: z.string(),
  /** True when a 100 % coupon made the order free: it is paid and enrolled already, no widget. */
  paid: z.boolean(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponse>;

export const verifyPaymentBody = z.object({
  razorpay_order_id: z.string().min(1).max(64),
  razorpay_payment_id: z.string().min(1).max(64),
  razorpay_signature: z.string().min(1).max(256),
  name: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  validDiscount: z.number().optional(),
  discountCouponId: z.string().max(100).nullish(),
  courseId: z.string().max(5000).optional(),
  userId: z.string().max(100).nullish(),
  amount: z.number().optional(),
  currency: z.string().max(10).optional(),
});
export type VerifyPaymentBody = z.input<typeof verifyPaymentBody>;

export const verifyPaymentResponse = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  message: z.string(),
  orderId: z.string(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponse>;

/** One of the learner's orders on /orders (issue 16): `GET /api/orders`, newest first. */
export const myOrder = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.enum(['created', 'attempted', 'paid', 'failed', 'refunded']),
  amountPaise: z.number().int(),
  courses: z.array(z.object({ id: z.string(), title: z.string() })),
  /** The tax invoice's number, when one was issued; its PDF is at `/api/orders/{id}/invoice`. */
  invoiceNumber: z.string().nullable(),
  /** The credit note's number after a refund; its PDF is at `/api/orders/{id}/credit-note`. */
  creditNoteNumber: z.string().nullable(),
});
export type MyOrder = z.infer<typeof myOrder>;

export const myOrdersResponse = z.object({ ok: z.literal(true), orders: z.array(myOrder) });
export type MyOrdersResponse = z.infer<typeof myOrdersResponse>;
