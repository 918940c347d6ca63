import { z } from 'zod';
import { messages } from '../messages.js';

/** A required, valid e-mail address with the spec's two messages; shared by the contact and newsletter forms. */
export const contactEmailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .pipe(z.email(messages.emailInvalid).max(254, messages.emailInvalid));

/** The contact form: Name, E-mail and the Comment (`message`); Website is optional, as architecture.md says. */
export const contactRequest = z.object({
  name: z
    .string({ error: messages.nameRequired })
    .trim()
    .min(1, messages.nameRequired)
    .max(100, messages.nameTooLong)
    // One line only: the name travels into the subject of the mail to the operator.
    .transform((name) => name.replace(/\s+/g, ' ')),
  email: contactEmailField,
  message: z
    .string({ error: messages.commentRequired })
    .trim()
    .min(1, messages.commentRequired)
    .min(10, messages.commentTooShort)
    .max(5000, messages.commentTooLong),
  website: z.string().trim().max(200, messages.websiteInvalid).optional(),
});
export type ContactRequest = z.input<typeof contactRequest>;

export const contactResponse = z.object({ ok: z.literal(true), message: z.string() });
export type ContactResponse = z.infer<typeof contactResponse>;
