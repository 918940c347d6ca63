import * as z from 'zod/mini';
import { confirmPassword, currentPassword, newPassword, passwordsMatch } from './account-fields.js';

/** The profile's password form and POST /api/change-password: the current password, then the new one twice. */
export const changePasswordRequest = z
  .object({ currentPassword, password: newPassword, cpassword: confirmPassword })
  .check(passwordsMatch);
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;
