import { z } from 'zod';

// The contact form's request (contactRequest, contactEmailField) is in contact-request.ts (zod/mini).

export const contactResponse = z.object({ ok: z.literal(true), message: z.string() });
export type ContactResponse = z.infer<typeof contactResponse>;
