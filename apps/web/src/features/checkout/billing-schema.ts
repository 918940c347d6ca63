import { messages } from '@shop/shared';
import { z } from 'zod';

/** The spec's simple pattern; the server's stricter e-mail check runs on top of it. */
const simpleEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const billingSchema = z.object({
  firstName: z.string().trim().min(1, messages.firstNameRequired).max(100, 'First name must be at most 100 characters'),
  lastName: z.string().trim().min(1, messages.lastNameRequired).max(99, 'Last name must be at most 99 characters'),
  email: z
    .string()
    .trim()
    .min(1, messages.emailAddressRequired)
    .max(254, messages.emailAddressInvalid)
    .regex(simpleEmail, messages.emailAddressInvalid)
    .pipe(z.email(messages.emailAddressInvalid)),
});

export type Billing = z.infer<typeof billingSchema>;
