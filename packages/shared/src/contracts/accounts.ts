import { z } from 'zod';
import { PASSWORD_MAX } from '../field-rules.js';
import { messages } from '../messages.js';
import { communityExportedPost } from './community.js';
import { myOrder } from './orders.js';
import { mySubscription } from './subscriptions.js';

// The requests the account forms send (sign-in, sign-up, links, password change and reset) are in
// form-requests.ts, written with zod/mini for the browser.

/** 'Too many attempts, try again in 12 minutes' (or '1 minute'). */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return messages.tooManyAttempts.replace('{minutes}', `${minutes} minute${minutes === 1 ? '' : 's'}`);
}

/**
 * POST /api/preview-email-token: what a mailed link's landing page shows before the click that uses
 * the link: its kind, the account's masked address ('r…@m….com'), and the username this browser is
 * signed in as when that is another account (null otherwise).
 */
export const linkPreviewResponse = z.object({
  ok: z.literal(true),
  purpose: z.enum(['verify_email', 'sign_in']),
  email: z.string(),
  signedInAs: z.string().nullable(),
});
export type LinkPreviewResponse = z.infer<typeof linkPreviewResponse>;

/** A call that signed the user in (password, link, verification): the session itself is the HttpOnly cookie. */
export const signedInResponse = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  message: z.string(),
  redirectUrl: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['learner', 'admin']),
});
export type SignedInResponse = z.infer<typeof signedInResponse>;

/** Sign-up and link sending: the same answer whether or not the address has an account. */
export const acceptedResponse = z.object({ ok: z.literal(true), success: z.literal(true), message: z.string() });
export type AcceptedResponse = z.infer<typeof acceptedResponse>;

export const profileResponse = z.union([
  z.object({ ok: z.literal(true), username: z.string(), email: z.string(), role: z.enum(['learner', 'admin']) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type ProfileResponse = z.infer<typeof profileResponse>;

export const logoutResponse = z.object({ ok: z.literal(true), message: z.string() });
export type LogoutResponse = z.infer<typeof logoutResponse>;

/** A call that only says it worked (password changed, unsubscribed, deletion mail sent). */
export const doneResponse = z.object({ ok: z.literal(true), message: z.string() });
export type DoneResponse = z.infer<typeof doneResponse>;

/** GET /api/me/privacy: what the privacy centre needs to show its choices. */
export const privacyStatusResponse = z.object({
  ok: z.literal(true),
  hasPassword: z.boolean(),
  newsletterSubscribed: z.boolean(),
});
export type PrivacyStatusResponse = z.infer<typeof privacyStatusResponse>;

/**
 * GET /api/me/export ("Download my data"): everything the shop keeps about the learner, as a JSON
 * attachment. Never a password or token hash.
 */
export const myDataExport = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    role: z.enum(['learner', 'admin']),
    emailVerifiedAt: z.string().nullable(),
    createdAt: z.string(),
  }),
  signInMethods: z.object({ password: z.boolean(), emailLink: z.boolean(), google: z.boolean() }),
  orders: z.array(myOrder),
  enrolments: z.array(z.object({ courseId: z.string(), title: z.string() })),
  cart: z.array(z.object({ courseId: z.string(), title: z.string() })),
  newsletter: z.object({ subscribed: z.boolean(), since: z.string().nullable() }),
  /** Every review the learner wrote, hidden ones too (`hidden`: an operator took it off the course page). */
  reviews: z.array(
    z.object({
      courseId: z.string(),
      title: z.string(),
      rating: z.number(),
      text: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      hidden: z.boolean(),
    }),
  ),
  /** Every private lesson note the learner wrote; `positionSeconds` is the video's second, or null. */
  notes: z.array(
    z.object({
      courseId: z.string(),
      courseTitle: z.string(),
      lessonTitle: z.string(),
      positionSeconds: z.number().nullable(),
      text: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  /** The learner's certificates, as issued (the name printed is the one set when each was issued). */
  certificates: z.array(
    z.object({
      id: z.string(),
      courseId: z.string(),
      name: z.string(),
      courseTitle: z.string(),
      instructor: z.string(),
      completedAt: z.string(),
    }),
  ),
  /** Where the learner is in each lesson they opened: the player's saved position and completion. */
  progress: z.array(
    z.object({
      courseId: z.string(),
      courseTitle: z.string(),
      lessonTitle: z.string(),
      positionSeconds: z.number(),
      completedAt: z.string().nullable(),
      updatedAt: z.string(),
    }),
  ),
  /**
   * Protected video: each browser (signed-in device) that played the learner's courses, when it signed
   * in, last played and whether another device ended its stream; and the days (India time) the account
   * was flagged for signing in on more devices than the shop allows, with how many.
   */
  videoDevices: z.object({
    devices: z.array(
      z.object({ signedInAt: z.string().nullable(), lastPlayedAt: z.string(), stoppedAt: z.string().nullable() }),
    ),
    flags: z.array(z.object({ day: z.string(), devices: z.number() })),
  }),
  /**
   * What the learner agreed to and when: the "Education only, not investment advice" acknowledgement
   * ticked at each checkout (the newsletter's consent is under `newsletter`).
   */
  consents: z.array(
    z.object({ kind: z.literal('education-only-disclaimer'), orderId: z.string(), givenAt: z.string() }),
  ),
  /** The learner's memberships with their charges, as `GET /api/my/subscriptions` lists them. */
  memberships: z.array(mySubscription),
  /** The live sessions the learner joined, with when they first joined each. */
  liveSessionsJoined: z.array(
    z.object({ sessionId: z.string(), title: z.string(), startsAt: z.string(), joinedAt: z.string() }),
  ),
  /** The cohorts the learner has a seat in (issue 35), with when the seat was taken. */
  cohorts: z.array(
    z.object({
      cohortId: z.string(),
      courseId: z.string(),
      title: z.string(),
      startsOn: z.string(),
      joinedAt: z.string(),
    }),
  ),
  /** The learner's threads and replies in the community (issue 36), as they wrote them, newest first. */
  communityPosts: z.array(communityExportedPost),
  /** The wishlist lives only in the browser (local storage); the shop has no copy of it. */
  wishlist: z.literal('kept only in your browser'),
});
export type MyDataExport = z.infer<typeof myDataExport>;

/**
 * POST /api/me/delete: with the current password the account is deleted at once; an account without
 * a password gets an e-mailed confirmation link instead (`deleted: false`).
 */
export const deleteAccountRequest = z.object({
  password: z.string().max(PASSWORD_MAX, messages.passwordTooLong).optional(),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequest>;

export const deleteAccountResponse = z.object({ ok: z.literal(true), deleted: z.boolean(), message: z.string() });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponse>;
