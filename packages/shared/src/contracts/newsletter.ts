import { z } from 'zod';
import { emailField } from './contact.js';

export const newsletterRequest = z.object({ email: emailField });
export type NewsletterRequest = z.input<typeof newsletterRequest>;

export const newsletterResponse = z.object({ ok: z.literal(true), message: z.string() });
export type NewsletterResponse = z.infer<typeof newsletterResponse>;
