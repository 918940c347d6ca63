import * as z from 'zod/mini';
import { currentPassword, emailField } from './account-fields.js';

/** The login form (password mode) and POST /api/signin. */
export const signInRequest = z.object({ email: emailField, password: currentPassword });
export type SignInRequest = z.input<typeof signInRequest>;

/** The login form's 'Email Signin' mode and POST /api/email. */
export const emailLinkRequest = z.object({ email: emailField });
export type EmailLinkRequest = z.input<typeof emailLinkRequest>;

/** The login page's 'Forgot password?' form and POST /api/forgot-password. */
export const forgotPasswordRequest = z.object({ email: emailField });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;
