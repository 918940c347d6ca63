/** The account forms' fields (zod/mini), shared by their requests; split from form-requests.ts by form (decision 0026). */
import * as z from 'zod/mini';
import { PASSWORD_MAX, PASSWORD_MIN, requiredMessage } from '../field-rules.js';
import { messages } from '../messages.js';

export const required = (label: string) => z.string({ error: requiredMessage(label) });

/** Trimmed, required, a valid address; the pipe stops at the first failure so each field shows one message. */
export const emailField = z.pipe(
  required('Email').check(z.trim(), z.minLength(1, requiredMessage('Email'))),
  z.email(messages.invalidEmail).check(z.maxLength(254, messages.emailTooLong)),
);

/** Any existing password: required and bounded, without revealing the rules for new ones. */
export const currentPassword = required('Password').check(
  z.minLength(1, requiredMessage('Password')),
  z.maxLength(PASSWORD_MAX, messages.passwordTooLong),
);

/** OWASP: 8 to 128 characters, no composition rules; spaces count (passwords are never trimmed). */
export const newPassword = required('Password').check(
  z.minLength(1, requiredMessage('Password')),
  z.minLength(PASSWORD_MIN, messages.passwordTooShort),
  z.maxLength(PASSWORD_MAX, messages.passwordTooLong),
);
/** The confirmation is labelled Password, as the spec says. */
export const confirmPassword = required('Password').check(z.minLength(1, requiredMessage('Password')));
export const passwordsMatch = z.refine<{ password: string; cpassword: string }>(
  (form) => form.password === form.cpassword,
  {
    path: ['cpassword'],
    message: messages.passwordsMustMatch,
  },
);
