import { z } from 'zod';
import { levels } from '../field-rules.js';
import { lessonKind } from './learning.js';
import { releaseRule } from './lesson-release.js';

/*
 * What the console's calls answer. Shapes only, no rules: a stored value the editor would refuse
 * today (an older import, a rule tightened later) must still be shown so it can be corrected.
 * The server serializes through these, so nothing outside them leaves; the web reads their types.
 */

const stamp = z.string();

export const adminCourseRow = z.object({
  id: z.string(),
  title: z.string(),
  thumb: z.string(),
  price: z.number(),
  level: z.string(),
  published: z.boolean(),
  buyers: z.number(),
  updatedAt: stamp,
});

export const adminCourse = z.object({
  id: z.string(),
  title: z.string(),
  tag: z.string(),
  instructor: z.string(),
  price: z.number(),
  level: z.enum(levels),
  videoLink: z.string(),
  thumb: z.string(),
  rating: z.number(),
  courseDescription: z.string(),
  description: z.string(),
  whatYoullLearn: z.array(z.string()),
  curriculum: z.array(z.object({ title: z.string(), duration: z.string(), content: z.string() })).optional(),
  lessonVideos: z.array(z.string()).optional(),
  published: z.boolean(),
  createdAt: stamp,
  updatedAt: stamp,
});

export const adminCourseFile = z.object({
  id: z.string(),
  name: z.string(),
  sizeBytes: z.number(),
  contentType: z.string(),
  createdAt: stamp,
});

export const adminCoupon = z.object({
  id: z.string(),
  code: z.string(),
  percent: z.number(),
  startsOn: z.string(),
  expiresOn: z.string(),
  maxUses: z.number().nullable(),
  maxUsesPerUser: z.number().nullable(),
  active: z.boolean(),
  uses: z.number(),
  createdAt: stamp,
});

export const adminOrderRow = z.object({
  id: z.string(),
  createdAt: stamp,
  email: z.string(),
  billingName: z.string(),
  status: z.string(),
  totalPaise: z.number(),
  couponCode: z.string().nullable(),
  courses: z.array(z.string()),
});

export const adminOrderDetail = adminOrderRow.extend({
  userId: z.string(),
  subtotalPaise: z.number(),
  discountPaise: z.number(),
  discountPercent: z.number(),
  gateway: z.string(),
  gatewayOrderId: z.string().nullable(),
  paidAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** The billing details as given at checkout ('' for each one not given: the spec's payload has none). */
  billing: z.object({
    state: z.string(),
    pin: z.string(),
    country: z.string(),
    businessName: z.string(),
    gstin: z.string(),
  }),
  /** When the buyer ticked "Education only, not investment advice"; null when no tick was given (B5). */
  disclaimerAcceptedAt: z.string().nullable(),
  lines: z.array(z.object({ courseId: z.string(), title: z.string(), unitPricePaise: z.number() })),
  payments: z.array(
    z.object({
      gatewayPaymentId: z.string(),
      amountPaise: z.number(),
      status: z.string(),
      /** Paid from abroad, as the gateway reported it; null when it was not asked (only export orders ask). */
      international: z.boolean().nullable(),
      createdAt: stamp,
    }),
  ),
  refunds: z.array(
    z.object({ gatewayRefundId: z.string().nullable(), amountPaise: z.number(), status: z.string(), createdAt: stamp }),
  ),
  events: z.array(
    z.object({
      fromStatus: z.string().nullable(),
      toStatus: z.string(),
      source: z.string(),
      note: z.string(),
      createdAt: stamp,
    }),
  ),
});

export const adminLearnerRow = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  createdAt: stamp,
  /** The latest many-devices flag of the last week (day in India time, devices signed in), or null. */
  deviceFlag: z.object({ day: z.string(), devices: z.number() }).nullable(),
});

export const adminLearnerDetail = adminLearnerRow.extend({
  verified: z.boolean(),
  orders: z.array(adminOrderRow),
  enrolments: z.array(
    z.object({
      courseId: z.string(),
      title: z.string(),
      orderId: z.string().nullable(),
      grantedAt: stamp,
      revokedAt: z.string().nullable(),
    }),
  ),
  /** The live sessions the learner joined (issue 35), with when they first joined each, latest first. */
  liveSessionsJoined: z.array(
    z.object({ sessionId: z.string(), title: z.string(), startsAt: z.string(), joinedAt: z.string() }),
  ),
});

export const adminMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  website: z.string().nullable(),
  message: z.string(),
  handled: z.boolean(),
  createdAt: stamp,
});

/**
 * Takings count orders still paid and membership or instalment charges kept: a refunded order's or
 * charge's money is in the refunds figures instead. `ordersToday` counts orders only.
 */
export const adminDashboard = z.object({
  revenueByDay: z.array(z.object({ day: z.string(), paise: z.number() })),
  ordersToday: z.number(),
  revenueTodayPaise: z.number(),
  /** Orders and charges refunded in the last 30 India days (counted on the day of the refund) and their total. */
  refundsLast30Days: z.number(),
  refundedLast30DaysPaise: z.number(),
  /**
   * The last 30 India days' takings net of refunds (orders still paid, charges kept) and of tax: the
   * taxable value of their invoices, as frozen when issued (issue 16). Orders without an invoice (free) add nothing.
   */
  netOfTaxLast30DaysPaise: z.number(),
  bestSellers: z.array(z.object({ courseId: z.string(), title: z.string(), sold: z.number(), paise: z.number() })),
  couponUse: z.array(z.object({ code: z.string(), uses: z.number(), active: z.boolean() })),
});

export const adminAuditEntry = z.object({
  id: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  createdAt: stamp,
});

/** A completed account deletion, from the audit log (decision 0019: deletion is immediate). */
export const adminDeletion = z.object({
  id: z.string(),
  userId: z.string(),
  /** The tombstone the account became. */
  account: z.string(),
  deletedAt: stamp,
  /** "the learner", or the e-mail of the operator who carried it out. */
  by: z.string(),
  status: z.literal('completed'),
});

/** A course's sections and lessons as the section editor reads them back, every id included. */
export const adminCourseStructure = z.object({
  sections: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      lessons: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          kind: lessonKind,
          duration: z.string(),
          summary: z.string(),
          content: z.string(),
          videoLink: z.string(),
          preview: z.boolean(),
          fileIds: z.array(z.string()),
          /** Learners have progress on it, so it cannot be deleted (it can be moved and renamed). */
          hasProgress: z.boolean(),
          release: releaseRule,
        }),
      ),
      release: releaseRule,
    }),
  ),
});

const ok = z.literal(true);
export const adminCoursesResponse = z.object({ ok, courses: z.array(adminCourseRow) });
export const adminCourseResponse = z.object({ ok, course: adminCourse });
export const adminThumbnailResponse = z.object({ ok, thumb: z.string() });
export const adminFilesResponse = z.object({ ok, files: z.array(adminCourseFile) });
export const adminFileResponse = z.object({ ok, file: adminCourseFile });
export const adminDoneResponse = z.object({ ok });
export const adminCouponsResponse = z.object({ ok, coupons: z.array(adminCoupon) });
export const adminCouponResponse = z.object({ ok, coupon: adminCoupon });
export const adminOrdersResponse = z.object({ ok, orders: z.array(adminOrderRow) });
export const adminOrderResponse = z.object({ ok, order: adminOrderDetail });
export const adminDashboardResponse = z.object({ ok, dashboard: adminDashboard });
export const adminAuditResponse = z.object({ ok, entries: z.array(adminAuditEntry) });
export const adminLearnersResponse = z.object({ ok, learners: z.array(adminLearnerRow) });
export const adminLearnerResponse = z.object({ ok, learner: adminLearnerDetail });
export const adminMessagesResponse = z.object({ ok, messages: z.array(adminMessage) });
export const adminDeletionsResponse = z.object({ ok, deletions: z.array(adminDeletion) });
export const adminCourseStructureResponse = adminCourseStructure.extend({ ok });

export type AdminCoursesResponse = z.infer<typeof adminCoursesResponse>;
export type AdminCourseResponse = z.infer<typeof adminCourseResponse>;
export type AdminThumbnailResponse = z.infer<typeof adminThumbnailResponse>;
export type AdminFilesResponse = z.infer<typeof adminFilesResponse>;
export type AdminFileResponse = z.infer<typeof adminFileResponse>;
export type AdminCouponsResponse = z.infer<typeof adminCouponsResponse>;
export type AdminCouponResponse = z.infer<typeof adminCouponResponse>;
export type AdminOrdersResponse = z.infer<typeof adminOrdersResponse>;
export type AdminOrderResponse = z.infer<typeof adminOrderResponse>;
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponse>;
export type AdminAuditResponse = z.infer<typeof adminAuditResponse>;
export type AdminLearnersResponse = z.infer<typeof adminLearnersResponse>;
export type AdminLearnerResponse = z.infer<typeof adminLearnerResponse>;
export type AdminMessagesResponse = z.infer<typeof adminMessagesResponse>;
export type AdminDeletionsResponse = z.infer<typeof adminDeletionsResponse>;
export type AdminCourseStructureResponse = z.infer<typeof adminCourseStructureResponse>;
