import * as z from 'zod/mini';
import { messages } from '../messages.js';
import { confirmPassword, newPassword, passwordsMatch } from './account-fields.js';

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
