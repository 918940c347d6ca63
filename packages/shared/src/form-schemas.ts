/**
 * The browser's copies of the request contracts its forms validate, written with `zod/mini`: the
 * classic contracts cost the form pages 26 KB gzip, mini a fraction of it (issue 8's 40 KB route
 * budget). Same rules, limits and messages as the contracts they mirror; `form-schemas.test.ts` feeds
 * both the same samples, so a change on one side that the other does not follow fails there.
 * The server keeps validating with the classic contracts.
 */
import * as z from 'zod/mini';
import { PASSWORD_MAX, PASSWORD_MIN, requiredMessage, USERNAME_MAX } from './field-rules.js';
import { billingTaxProblems } from './gst.js';
import { messages } from './messages.js';

const required = (label: string) => z.string({ error: requiredMessage(label) });

/** Mirrors `emailField`. */
const emailField = z.pipe(
  required('Email').check(z.trim(), z.minLength(1, requiredMessage('Email'))),
  z.email(messages.invalidEmail).check(z.maxLength(254, messages.emailTooLong)),
);

/** Mirrors `signInRequest`. */
export const signInForm = z.object({
  email: emailField,
  password: required('Password').check(
    z.minLength(1, requiredMessage('Password')),
    z.maxLength(PASSWORD_MAX, messages.passwordTooLong),
  ),
});

/** Mirrors `emailLinkRequest`. */
export const emailLinkForm = z.object({ email: emailField });

/** Mirrors `signUpRequest`. */
export const signUpForm = z
  .object({
    username: required('Username').check(
      z.trim(),
      z.minLength(1, requiredMessage('Username')),
      z.maxLength(USERNAME_MAX, messages.usernameTooLong),
      z.regex(/^[\p{L}\p{N} ._-]+$/u, messages.usernameCharacters),
    ),
    email: emailField,
    password: required('Password').check(
      z.minLength(1, requiredMessage('Password')),
      z.minLength(PASSWORD_MIN, messages.passwordTooShort),
      z.maxLength(PASSWORD_MAX, messages.passwordTooLong),
    ),
    cpassword: required('Password').check(z.minLength(1, requiredMessage('Password'))),
  })
  .check(
    z.refine((form) => form.password === form.cpassword, {
      path: ['cpassword'],
      message: messages.passwordsMustMatch,
    }),
  );

const newPasswordField = required('Password').check(
  z.minLength(1, requiredMessage('Password')),
  z.minLength(PASSWORD_MIN, messages.passwordTooShort),
  z.maxLength(PASSWORD_MAX, messages.passwordTooLong),
);
const confirmField = required('Password').check(z.minLength(1, requiredMessage('Password')));
const passwordsMatch = z.refine<{ password: string; cpassword: string }>((form) => form.password === form.cpassword, {
  path: ['cpassword'],
  message: messages.passwordsMustMatch,
});

/** Mirrors `changePasswordRequest`. */
export const changePasswordForm = z
  .object({
    currentPassword: required('Password').check(
      z.minLength(1, requiredMessage('Password')),
      z.maxLength(PASSWORD_MAX, messages.passwordTooLong),
    ),
    password: newPasswordField,
    cpassword: confirmField,
  })
  .check(passwordsMatch);

/** Mirrors `resetPasswordRequest` without its token, which comes from the address. */
export const resetPasswordForm = z
  .object({ password: newPasswordField, cpassword: confirmField })
  .check(passwordsMatch);

/** Mirrors `contactRequest`. */
export const contactForm = z.object({
  user_name: z.pipe(
    z
      .string({ error: messages.nameRequired })
      .check(z.trim(), z.minLength(1, messages.nameRequired), z.maxLength(100, messages.nameTooLong)),
    z.transform((name: string) => name.replace(/\s+/g, ' ')),
  ),
  user_email: z.pipe(
    z.string({ error: messages.emailRequired }).check(z.trim(), z.minLength(1, messages.emailRequired)),
    z.email(messages.emailInvalid).check(z.maxLength(254, messages.emailInvalid)),
  ),
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

/** Mirrors `couponCode`. */
const couponCode = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, messages.couponCodeRequired),
    z.maxLength(40, messages.couponCodeFormat),
    z.regex(/^[A-Za-z0-9_-]+$/, messages.couponCodeFormat),
  );

/** The cart's coupon box: `couponParams`. */
export const couponForm = z.object({ code: couponCode });

const wholeOfAtLeastOne = 'must be a whole number of at least 1';
const percentMessage = 'must be a whole number from 1 to 100';

/** Mirrors `adminCouponInput`. */
export const adminCouponForm = z
  .object({
    code: couponCode,
    percent: z.int(percentMessage).check(z.minimum(1, percentMessage), z.maximum(100, percentMessage)),
    startsOn: z.union([z.literal(''), z.iso.date('must be a date written YYYY-MM-DD')]),
    expiresOn: z.union([z.literal(''), z.iso.date('must be a date written YYYY-MM-DD')]),
    maxUses: z.union([z.null(), z.int(wholeOfAtLeastOne).check(z.positive(wholeOfAtLeastOne))]),
    maxUsesPerUser: z.union([z.null(), z.int(wholeOfAtLeastOne).check(z.positive(wholeOfAtLeastOne))]),
    active: z.boolean(),
  })
  .check(
    z.refine((c) => !c.startsOn || !c.expiresOn || c.startsOn <= c.expiresOn, {
      message: 'must not be before the start date',
      path: ['expiresOn'],
    }),
  );

/**
 * The checkout's tax billing details (`createOrderBody`'s state, pin, businessName, gstin) and the
 * disclaimer tick, to spread into the billing form's object; the form requires a state and the tick
 * where the contract leaves them optional.
 */
export const checkoutTaxFields = {
  state: z.string(),
  pin: z.string().check(z.trim()),
  businessName: z.string().check(z.trim(), z.maxLength(200, messages.billingBusinessTooLong)),
  gstin: z.pipe(
    z.string().check(z.trim()),
    z.transform((value: string) => value.toUpperCase()),
  ),
  disclaimerAccepted: z.boolean(),
};

/** The rules across those fields (billingTaxProblems), and the tick. */
export const checkoutTaxCheck = z.superRefine(
  (form: { state: string; pin: string; gstin: string; disclaimerAccepted: boolean }, ctx) => {
    for (const problem of billingTaxProblems(form))
      ctx.issues.push({ code: 'custom', path: [problem.field], message: problem.message, input: form });
    if (!form.disclaimerAccepted)
      ctx.issues.push({
        code: 'custom',
        path: ['disclaimerAccepted'],
        message: messages.disclaimerRequired,
        input: form,
      });
  },
);

export const checkoutTaxForm = z.object(checkoutTaxFields).check(checkoutTaxCheck);
