import * as z from 'zod/mini';
import { messages } from '../messages.js';

/** A required, valid e-mail address with the spec's two messages; shared by the contact and newsletter forms. */
export const contactEmailField = z.pipe(
  z.string({ error: messages.emailRequired }).check(z.trim(), z.minLength(1, messages.emailRequired)),
  z.email(messages.emailInvalid).check(z.maxLength(254, messages.emailInvalid)),
);

/**
 * The contact form under the spec's field names: Name (`user_name`), E-mail (`user_email`) and the Comment
 * (`message`); the website (`web`) is optional, as architecture.md says.
 */
export const contactRequest = z.object({
  // One line only: the name travels into the subject of the mail to the operator.
  user_name: z.pipe(
    z
      .string({ error: messages.nameRequired })
      .check(z.trim(), z.minLength(1, messages.nameRequired), z.maxLength(100, messages.nameTooLong)),
    z.transform((name: string) => name.replace(/\s+/g, ' ')),
  ),
  user_email: contactEmailField,
  message: z
    .string({ error: messages.commentRequired })
    .check(
      z.trim(),
      z.minLength(1, messages.commentRequired),
      z.minLength(10, messages.commentTooShort),
      z.maxLength(5000, messages.commentTooLong),
    ),
  web: z.optional(z.string().check(z.trim(), z.maxLength(200, messages.websiteInvalid))),
});
export type ContactRequest = z.input<typeof contactRequest>;
