import { z } from 'zod';
import { contactEmailField } from './contact.js';

export const newsletterRequest = z.object({ email: contactEmailField });
export type NewsletterRequest = z.input<typeof newsletterRequest>;

export const newsletterResponse = z.object({ ok: z.literal(true), message: z.string() });
export type NewsletterResponse = z.infer<typeof newsletterResponse>;
