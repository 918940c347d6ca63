/**
 * The contracts of the requests a browser form sends, written once with `zod/mini`: the form validates
 * with the very schema the server's route declares (fastify-type-provider-zod takes mini schemas), and
 * a form page bundles a fraction of what classic zod costs (issue 19's 30 KB route budget). Decision 0025.
 */
import * as z from 'zod/mini';
import { PASSWORD_MAX, PASSWORD_MIN, requiredMessage, USERNAME_MAX } from '../field-rules.js';
import { messages } from '../messages.js';

const required = (label: string) => z.string({ error: requiredMessage(label) });

/** Trimmed, required, a valid address; the pipe stops at the first failure so each field shows one message. */
export const emailField = z.pipe(
  required('Email').check(z.trim(), z.minLength(1, requiredMessage('Email'))),
  z.email(messages.invalidEmail).check(z.maxLength(254, messages.emailTooLong)),
);

/** Any existing password: required and bounded, without revealing the rules for new ones. */
const currentPassword = required('Password').check(
  z.minLength(1, requiredMessage('Password')),
  z.maxLength(PASSWORD_MAX, messages.passwordTooLong),
);

/** OWASP: 8 to 128 characters, no composition rules; spaces count (passwords are never trimmed). */
const newPassword = required('Password').check(
  z.minLength(1, requiredMessage('Password')),
  z.minLength(PASSWORD_MIN, messages.passwordTooShort),
  z.maxLength(PASSWORD_MAX, messages.passwordTooLong),
);
/** The confirmation is labelled Password, as the spec says. */
const confirmPassword = required('Password').check(z.minLength(1, requiredMessage('Password')));
const passwordsMatch = z.refine<{ password: string; cpassword: string }>((form) => form.password === form.cpassword, {
  path: ['cpassword'],
  message: messages.passwordsMustMatch,
});

export const usernameField = required('Username').check(
  z.trim(),
  z.minLength(1, requiredMessage('Username')),
  z.maxLength(USERNAME_MAX, messages.usernameTooLong),
  z.regex(/^[\p{L}\p{N} ._-]+$/u, messages.usernameCharacters),
);

/** The login form (password mode) and POST /api/signin. */
export const signInRequest = z.object({ email: emailField, password: currentPassword });
export type SignInRequest = z.input<typeof signInRequest>;

/** The login form's 'Email Signin' mode and POST /api/email. */
export const emailLinkRequest = z.object({ email: emailField });
export type EmailLinkRequest = z.input<typeof emailLinkRequest>;

/** The login page's 'Forgot password?' form and POST /api/forgot-password. */
export const forgotPasswordRequest = z.object({ email: emailField });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

/** The registration form and POST /api/signup. */
export const signUpRequest = z
  .object({ username: usernameField, email: emailField, password: newPassword, cpassword: confirmPassword })
  .check(passwordsMatch);
export type SignUpRequest = z.input<typeof signUpRequest>;

/** The profile's password form and POST /api/change-password: the current password, then the new one twice. */
export const changePasswordRequest = z
  .object({ currentPassword, password: newPassword, cpassword: confirmPassword })
  .check(passwordsMatch);
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/** A mailed link's token (e-mail verification, sign-in link, password reset). */
const mailedToken = z
  .string({ error: messages.invalidToken })
  .check(z.trim(), z.minLength(1, messages.invalidToken), z.maxLength(200, messages.invalidToken));

export const verifyEmailTokenRequest = z.object({ token: mailedToken });
export type VerifyEmailTokenRequest = z.input<typeof verifyEmailTokenRequest>;

/** The /reset-password/{token} page's form: the new password twice (the token comes from the address). */
export const resetPasswordForm = z.object({ password: newPassword, cpassword: confirmPassword }).check(passwordsMatch);

/** POST /api/reset-password: the mailed token and the new password twice. */
export const resetPasswordRequest = z
  .object({ token: mailedToken, password: newPassword, cpassword: confirmPassword })
  .check(passwordsMatch);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

/** A required, valid e-mail address with the spec's two messages; shared by the contact and newsletter forms. */
export const contactEmailField = z.pipe(
  z.string({ error: messages.emailRequired }).check(z.trim(), z.minLength(1, messages.emailRequired)),
  z.email(messages.emailInvalid).check(z.maxLength(254, messages.emailInvalid)),
);

/**
 * The contact form under the spec's field names: Name (`user_name`), E-mail (`user_email`) and the Comment
 * (`message`); the website (`web`) is optional, as architecture.md says.
 */
export const contactRequest = z.object({
  // One line only: the name travels into the subject of the mail to the operator.
  user_name: z.pipe(
    z
      .string({ error: messages.nameRequired })
      .check(z.trim(), z.minLength(1, messages.nameRequired), z.maxLength(100, messages.nameTooLong)),
    z.transform((name: string) => name.replace(/\s+/g, ' ')),
  ),
  user_email: contactEmailField,
  message: z
    .string({ error: messages.commentRequired })
    .check(
      z.trim(),
      z.minLength(1, messages.commentRequired),
      z.minLength(10, messages.commentTooShort),
      z.maxLength(5000, messages.commentTooLong),
    ),
  web: z.optional(z.string().check(z.trim(), z.maxLength(200, messages.websiteInvalid))),
});
export type ContactRequest = z.input<typeof contactRequest>;

export const couponCode = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, messages.couponCodeRequired),
    z.maxLength(40, messages.couponCodeFormat),
    z.regex(/^[A-Za-z0-9_-]+$/, messages.couponCodeFormat),
  );

/** The cart's coupon box and GET /api/coupon/{code}. */
export const couponParams = z.object({ code: couponCode });

const wholeOfAtLeastOne = 'must be a whole number of at least 1';
const percentMessage = 'must be a whole number from 1 to 100';
export const calendarDate = z.iso.date('must be a date written YYYY-MM-DD');
const optionalDate = z.union([z.literal(''), calendarDate]);
const optionalWhole = z.union([z.null(), z.int(wholeOfAtLeastOne).check(z.positive(wholeOfAtLeastOne))]);

/** A coupon as the operator edits it; empty dates and null limits mean "no limit". */
export const adminCouponInput = z
  .object({
    code: couponCode,
    percent: z.int(percentMessage).check(z.minimum(1, percentMessage), z.maximum(100, percentMessage)),
    startsOn: optionalDate,
    expiresOn: optionalDate,
    maxUses: optionalWhole,
    maxUsesPerUser: optionalWhole,
    active: z.boolean(),
  })
  .check(
    z.refine((c) => !c.startsOn || !c.expiresOn || c.startsOn <= c.expiresOn, {
      message: 'must not be before the start date',
      path: ['expiresOn'],
    }),
  );
export type AdminCouponInput = z.infer<typeof adminCouponInput>;

const starsInvalid = { error: messages.reviewStarsInvalid };
/** One to five whole stars. */
const stars = <T extends z.ZodMiniType<number>>(schema: T) =>
  schema.check(
    z.refine((rating: number) => Number.isInteger(rating), starsInvalid),
    z.minimum(1, starsInvalid),
    z.maximum(5, starsInvalid),
  );

/** A review's text is optional; this is its longest form, after trimming. */
export const REVIEW_TEXT_MAX = 2000;

/** `POST /api/courses/{id}/reviews`: the buyer's stars and words; a second post replaces the first. */
export const reviewInput = z.object({
  rating: stars(z.number(starsInvalid)),
  text: z._default(z.string().check(z.trim(), z.maxLength(REVIEW_TEXT_MAX, messages.reviewTextTooLong)), ''),
});
export type ReviewInput = z.input<typeof reviewInput>;

/** The browser's review form: a radio group gives its choice as text. */
export const reviewForm = z.extend(reviewInput, { rating: stars(z.coerce.number(starsInvalid)) });

export const CERTIFICATE_NAME_MAX = 80;

/** The profile's 'name to print': trimmed, at most 80 characters; empty means 'print my username'. */
export const certificateNameRequest = z.object({
  certificateName: z.string().check(
    z.trim(),
    z.maxLength(CERTIFICATE_NAME_MAX, messages.certificateNameTooLong),
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    z.refine((name) => !/[\u0000-\u001f\u007f]/.test(name), messages.certificateNameCharacters),
  ),
});
export type CertificateNameRequest = z.input<typeof certificateNameRequest>;

/** The operator's newsletter: one schema for the console's form and the server. */
export const newsletterSendInput = z.object({
  subject: z
    .string()
    .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(200, 'must be at most 200 characters')),
  body: z
    .string()
    .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(20_000, 'must be at most 20000 characters')),
});
export type NewsletterSendInput = z.infer<typeof newsletterSendInput>;
