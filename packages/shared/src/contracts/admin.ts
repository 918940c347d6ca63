import { z } from 'zod';
import { OBJECT_ID, orderStatuses } from '../field-rules.js';
import { gstr1Sections } from '../gst.js';
import type {
  adminAuditEntry,
  adminCoupon,
  adminCourse,
  adminCourseFile,
  adminCourseRow,
  adminDashboard,
  adminDeletion,
  adminLearnerDetail,
  adminLearnerRow,
  adminMessage,
  adminOrderDetail,
  adminOrderRow,
} from './admin-answers.js';
import { calendarDate as dateWritten } from './coupon-requests.js';

export type AdminCourseRow = z.infer<typeof adminCourseRow>;

export type AdminCourseFile = z.infer<typeof adminCourseFile>;

export type AdminCourse = z.infer<typeof adminCourse>;

const calendarDate = z.union([z.literal(''), dateWritten]);

export type AdminCoupon = z.infer<typeof adminCoupon>;

export const adminOrderQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.union([z.literal(''), z.enum(orderStatuses)]).optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuery>;

export type AdminOrderRow = z.infer<typeof adminOrderRow>;

export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const learnerStatuses = ['active', 'suspended', 'terminated'] as const;
export type LearnerStatus = (typeof learnerStatuses)[number];
export const learnerStatusInput = z.object({
  status: z.enum(learnerStatuses, { error: 'must be active, suspended or terminated' }),
});
export const grantCourseInput = z.object({ courseId: z.string().regex(OBJECT_ID, 'must be a course id') });

export type AdminLearnerRow = z.infer<typeof adminLearnerRow>;

export type AdminLearnerDetail = z.infer<typeof adminLearnerDetail>;

export type AdminMessage = z.infer<typeof adminMessage>;

export type AdminDashboard = z.infer<typeof adminDashboard>;

export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;

export type AdminDeletion = z.infer<typeof adminDeletion>;

/** A month in India time, `YYYY-MM`: the tax period of the invoice register and GSTR-1 exports (issue 16). */
export const taxMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month written YYYY-MM');
export const invoiceRegisterQuery = z.object({ month: taxMonth, q: z.string().trim().max(200).optional() });
export type InvoiceRegisterQuery = z.infer<typeof invoiceRegisterQuery>;
export const gstr1Query = z.object({
  month: taxMonth,
  section: z.enum(gstr1Sections, { error: 'is not a GSTR-1 table' }),
});
/**
 * The register's resend: an order's document by `orderId`, or a membership or instalment charge's
 * (decision 0037) by the gateway's `paymentId`; exactly one of the two.
 */
export const resendDocumentInput = z
  .object({
    orderId: z.string().regex(OBJECT_ID, 'must be an order id').optional(),
    paymentId: z.string().min(1).max(64).optional(),
    kind: z.enum(['invoice', 'credit_note'], { error: 'must be invoice or credit_note' }),
  })
  .refine((body) => (body.orderId === undefined) !== (body.paymentId === undefined), {
    message: 'orderId or paymentId: give exactly one',
    path: ['orderId'],
  });
export type ResendDocumentInput = z.infer<typeof resendDocumentInput>;

const taxAmounts = {
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  totalPaise: z.number().int(),
};
export const taxAmountsSchema = z.object(taxAmounts);
export type TaxAmounts = z.infer<typeof taxAmountsSchema>;

export const invoiceRegisterRow = z.object({
  ...taxAmounts,
  /** The order's id; a charge's document has the gateway's payment id here (kept for compatibility). */
  orderId: z.string(),
  /** A membership or instalment charge's document: the shop's subscription id (its PDF's path); null for an order's. */
  subscriptionId: z.string().nullable().optional(),
  /** A charge's document: the gateway's payment id (its PDF's path, the resend's `paymentId`); null for an order's. */
  paymentId: z.string().nullable().optional(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  /** The document's date in India, YYYY-MM-DD. */
  date: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  businessName: z.string(),
  gstin: z.string(),
  /** `24-Gujarat`, as GSTR-1 writes it. */
  placeOfSupply: z.string(),
  /** A credit note's invoice. */
  against: z.string().nullable(),
});
export type InvoiceRegisterRow = z.infer<typeof invoiceRegisterRow>;

/** Figures as frozen in the documents; `net` is the invoices less the credit notes. */
export const invoiceRegister = z.object({
  month: z.string(),
  rows: z.array(invoiceRegisterRow),
  /** More documents matched than the rows shown; the totals still cover them all. */
  truncated: z.boolean(),
  invoices: z.object({ ...taxAmounts, count: z.number().int() }),
  creditNotes: z.object({ ...taxAmounts, count: z.number().int() }),
  net: taxAmountsSchema,
});
export type InvoiceRegister = z.infer<typeof invoiceRegister>;
export const invoiceRegisterResponse = z.object({ ok: z.literal(true), register: invoiceRegister });
export const resendDocumentResponse = z.object({ ok: z.literal(true), message: z.string() });
