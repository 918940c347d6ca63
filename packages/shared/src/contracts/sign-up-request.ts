import * as z from 'zod/mini';
import { requiredMessage, USERNAME_MAX } from '../field-rules.js';
import { messages } from '../messages.js';
import { confirmPassword, emailField, newPassword, passwordsMatch, required } from './account-fields.js';

export const usernameField = required('Username').check(
  z.trim(),
  z.minLength(1, requiredMessage('Username')),
  z.maxLength(USERNAME_MAX, messages.usernameTooLong),
  z.regex(/^[\p{L}\p{N} ._-]+$/u, messages.usernameCharacters),
);

/** The registration form and POST /api/signup. */
export const signUpRequest = z
  .object({ username: usernameField, email: emailField, password: newPassword, cpassword: confirmPassword })
  .check(passwordsMatch);
export type SignUpRequest = z.input<typeof signUpRequest>;
