import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, requiredMessage, USERNAME_MAX } from '../field-rules.js';
import { messages } from '../messages.js';
import { myOrder } from './orders.js';

/** 'Too many attempts, try again in 12 minutes' (or '1 minute'). */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return messages.tooManyAttempts.replace('{minutes}', `${minutes} minute${minutes === 1 ? '' : 's'}`);
}

function required(label: string) {
  return z.string({ error: requiredMessage(label) });
}

/** Trimmed, required, a valid address; the pipe stops at the first failure so each field shows one message. */
export const emailField = required('Email')
  .trim()
  .min(1, requiredMessage('Email'))
  .pipe(z.email(messages.invalidEmail).max(254, messages.emailTooLong));

/** Any existing password: required and bounded, without revealing the rules for new ones. */
const currentPassword = required('Password')
  .min(1, requiredMessage('Password'))
  .max(PASSWORD_MAX, messages.passwordTooLong);

/** OWASP: 8 to 128 characters, no composition rules; spaces count (passwords are never trimmed). */
const newPassword = required('Password')
  .min(1, requiredMessage('Password'))
  .min(PASSWORD_MIN, messages.passwordTooShort)
  .max(PASSWORD_MAX, messages.passwordTooLong);

export const usernameField = required('Username')
  .trim()
  .min(1, requiredMessage('Username'))
  .max(USERNAME_MAX, messages.usernameTooLong)
  .regex(/^[\p{L}\p{N} ._-]+$/u, messages.usernameCharacters);

/** The login form (password mode) and POST /api/signin. */
export const signInRequest = z.object({ email: emailField, password: currentPassword });
export type SignInRequest = z.input<typeof signInRequest>;

/** The login form's 'Email Signin' mode and POST /api/email. */
export const emailLinkRequest = z.object({ email: emailField });
export type EmailLinkRequest = z.input<typeof emailLinkRequest>;

/** The registration form and POST /api/signup. The confirmation is labelled Password, as the spec says. */
export const signUpRequest = z
  .object({
    username: usernameField,
    email: emailField,
    password: newPassword,
    cpassword: required('Password').min(1, requiredMessage('Password')),
  })
  .refine((form) => form.password === form.cpassword, { path: ['cpassword'], message: messages.passwordsMustMatch });
export type SignUpRequest = z.input<typeof signUpRequest>;

export const verifyEmailTokenRequest = z.object({
  token: z
    .string({ error: messages.invalidToken })
    .trim()
    .min(1, messages.invalidToken)
    .max(200, messages.invalidToken),
});
export type VerifyEmailTokenRequest = z.input<typeof verifyEmailTokenRequest>;

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

/** The profile's password form and POST /api/change-password: the current password, then the new one twice. */
export const changePasswordRequest = z
  .object({
    currentPassword: currentPassword,
    password: newPassword,
    cpassword: required('Password').min(1, requiredMessage('Password')),
  })
  .refine((form) => form.password === form.cpassword, { path: ['cpassword'], message: messages.passwordsMustMatch });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/** The login page's 'Forgot password?' form and POST /api/forgot-password. */
export const forgotPasswordRequest = z.object({ email: emailField });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

/** The /reset-password/{token} page and POST /api/reset-password: the mailed token and the new password twice. */
export const resetPasswordRequest = z
  .object({
    token: verifyEmailTokenRequest.shape.token,
    password: newPassword,
    cpassword: required('Password').min(1, requiredMessage('Password')),
  })
  .refine((form) => form.password === form.cpassword, { path: ['cpassword'], message: messages.passwordsMustMatch });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

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
