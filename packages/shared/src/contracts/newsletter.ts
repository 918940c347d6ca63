import { z } from 'zod';
import { contactEmailField } from './contact-request.js';

export const newsletterRequest = z.object({ email: contactEmailField });
export type NewsletterRequest = z.input<typeof newsletterRequest>;

export const newsletterResponse = z.object({ ok: z.literal(true), message: z.string() });
export type NewsletterResponse = z.infer<typeof newsletterResponse>;

/** The token of a mailed newsletter link: the confirmation (double opt-in) or the unsubscribe link. */
export const newsletterTokenRequest = z.object({ token: z.string().trim().min(1).max(200) });
export type NewsletterTokenRequest = z.infer<typeof newsletterTokenRequest>;
