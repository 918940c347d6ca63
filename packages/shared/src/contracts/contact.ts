import { z } from 'zod';
import { messages } from '../messages.js';

/** A required, valid e-mail address with the spec's two messages; shared by the contact and newsletter forms. */
export const contactEmailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .pipe(z.email(messages.emailInvalid).max(254, messages.emailInvalid));

/**
 * The contact form under the spec's field names: Name (`user_name`), E-mail (`user_email`) and the Comment
 * (`message`); the website (`web`) is optional, as architecture.md says.
 */
export const contactRequest = z.object({
  user_name: z
    .string({ error: messages.nameRequired })
    .trim()
    .min(1, messages.nameRequired)
    .max(100, messages.nameTooLong)
    // One line only: the name travels into the subject of the mail to the operator.
    .transform((name) => name.replace(/\s+/g, ' ')),
  user_email: contactEmailField,
  message: z
    .string({ error: messages.commentRequired })
    .trim()
    .min(1, messages.commentRequired)
    .min(10, messages.commentTooShort)
    .max(5000, messages.commentTooLong),
  web: z.string().trim().max(200, messages.websiteInvalid).optional(),
});
export type ContactRequest = z.input<typeof contactRequest>;

export const contactResponse = z.object({ ok: z.literal(true), message: z.string() });
export type ContactResponse = z.infer<typeof contactResponse>;
