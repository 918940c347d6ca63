import * as z from 'zod/mini';

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

export const newsletterSendResponse = z.object({ ok: z.literal(true), queued: z.number(), message: z.string() });
