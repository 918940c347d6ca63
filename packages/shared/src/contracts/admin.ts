import { z } from 'zod';
import { levels, orderStatuses } from '../field-rules.js';
import { extractVideoId } from '../video.js';
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
import { curriculumItem } from './catalog.js';
import { couponCode } from './coupons.js';

const required = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** The course editor's video link rule; the section editor's lessons use it too. */
export const youTubeLink = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .refine((link) => extractVideoId(link) !== null, 'must be a YouTube link or an 11-character video id');

/** A course as the operator edits it: one schema for the console's form and the server. */
export const adminCourseInput = z.object({
  title: z.string().trim().min(3, 'must be at least 3 characters').max(200, 'must be at most 200 characters'),
  tag: required(50),
  instructor: required(120),
  price: z
    .number({ error: 'must be an amount in rupees' })
    .nonnegative('must not be negative')
    .max(10_000_000, 'must be at most ₹1,00,00,000')
    .refine((rupees) => Math.abs(Math.round(rupees * 100) - rupees * 100) < 1e-6, 'must have at most two decimals')
    // The payment gateway takes no amount under ₹1.00 (Razorpay's minimum is 100 paise).
    .refine((rupees) => rupees === 0 || rupees >= 1, 'must be 0 (free) or at least ₹1.00, the least a payment can be'),
  level: z.enum(levels, { error: 'must be Beginner, Intermediate or Advanced' }),
  videoLink: youTubeLink,
  thumb: required(500),
  rating: z
    .number({ error: 'must be a number from 0 to 5' })
    .min(0, 'must be from 0 to 5')
    .max(5, 'must be from 0 to 5'),
  students: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .nonnegative('must not be negative'),
  courseDescription: z.string().max(20_000, 'must be at most 20,000 characters'),
  description: z.string().max(20_000, 'must be at most 20,000 characters'),
  whatYoullLearn: z.array(required(300)).max(50, 'must have at most 50 points'),
  curriculum: z
    .array(
      curriculumItem.extend({
        title: required(200),
        duration: z.string().trim().max(50, 'must be at most 50 characters'),
        content: z.string().max(5000, 'must be at most 5,000 characters'),
      }),
    )
    .max(200, 'must have at most 200 items')
    // Issue 14: the console's edit page sends neither list (its section editor writes the lessons);
    // left out, a course's lessons are not touched. A new course without them starts empty.
    .optional(),
  /** The lesson videos only buyers see (Enrolled Courses); `videoLink` is the public preview. */
  lessonVideos: z.array(youTubeLink).max(200, 'must have at most 200 videos').optional(),
  published: z.boolean(),
});
export type AdminCourseInput = z.infer<typeof adminCourseInput>;

export type AdminCourseRow = z.infer<typeof adminCourseRow>;

export type AdminCourseFile = z.infer<typeof adminCourseFile>;

export type AdminCourse = z.infer<typeof adminCourse>;

const calendarDate = z.union([z.literal(''), z.iso.date('must be a date written YYYY-MM-DD')]);
const optionalWhole = z.union([
  z.null(),
  z
    .number({ error: 'must be a whole number of at least 1' })
    .int('must be a whole number of at least 1')
    .positive('must be a whole number of at least 1'),
]);

/** A coupon as the operator edits it; empty dates and null limits mean "no limit". */
export const adminCouponInput = z
  .object({
    code: couponCode,
    percent: z
      .number({ error: 'must be a whole number from 1 to 100' })
      .int('must be a whole number from 1 to 100')
      .min(1, 'must be a whole number from 1 to 100')
      .max(100, 'must be a whole number from 1 to 100'),
    startsOn: calendarDate,
    expiresOn: calendarDate,
    maxUses: optionalWhole,
    maxUsesPerUser: optionalWhole,
    active: z.boolean(),
  })
  .refine((c) => !c.startsOn || !c.expiresOn || c.startsOn <= c.expiresOn, {
    message: 'must not be before the start date',
    path: ['expiresOn'],
  });
export type AdminCouponInput = z.infer<typeof adminCouponInput>;

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
export const grantCourseInput = z.object({ courseId: z.string().regex(/^[a-f0-9]{24}$/, 'must be a course id') });

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
/** The GSTR-1 tables the console exports, named as the GST offline tool's sheets. */
export const gstr1Sections = ['b2b', 'b2cl', 'b2cs', 'exp', 'cdnr', 'cdnur', 'hsn'] as const;
export const gstr1Query = z.object({
  month: taxMonth,
  section: z.enum(gstr1Sections, { error: 'is not a GSTR-1 table' }),
});
export const resendDocumentInput = z.object({
  orderId: z.string().regex(/^[a-f0-9]{24}$/, 'must be an order id'),
  kind: z.enum(['invoice', 'credit_note'], { error: 'must be invoice or credit_note' }),
});

export interface TaxAmounts {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export interface InvoiceRegisterRow extends TaxAmounts {
  orderId: string;
  kind: 'invoice' | 'credit_note';
  number: string;
  /** The document's date in India, YYYY-MM-DD. */
  date: string;
  buyerName: string;
  buyerEmail: string;
  businessName: string;
  gstin: string;
  /** `24-Gujarat`, as GSTR-1 writes it. */
  placeOfSupply: string;
  /** A credit note's invoice. */
  against: string | null;
}

/** Figures as frozen in the documents; `net` is the invoices less the credit notes. */
export interface InvoiceRegister {
  month: string;
  rows: InvoiceRegisterRow[];
  /** More documents matched than the rows shown; the totals still cover them all. */
  truncated: boolean;
  invoices: TaxAmounts & { count: number };
  creditNotes: TaxAmounts & { count: number };
  net: TaxAmounts;
}
