import { checkoutTaxCheck, checkoutTaxFields, isPrintableName, messages } from '@shop/shared';
import * as z from 'zod/mini';

/** The spec's simple pattern; the server's stricter e-mail check runs on top of it. */
const simpleEmail = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const billingSchema = z
  .object({
    firstName: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, messages.firstNameRequired),
        z.maxLength(100, 'First name must be at most 100 characters'),
        z.refine(isPrintableName, messages.billingNameCharacters),
      ),
    lastName: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, messages.lastNameRequired),
        z.maxLength(99, 'Last name must be at most 99 characters'),
        z.refine(isPrintableName, messages.billingNameCharacters),
      ),
    email: z.pipe(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, messages.emailAddressRequired),
          z.maxLength(254, messages.emailAddressInvalid),
          z.regex(simpleEmail, messages.emailAddressInvalid),
        ),
      z.email(messages.emailAddressInvalid),
    ),
    ...checkoutTaxFields,
  })
  .check(checkoutTaxCheck);

export type Billing = z.infer<typeof billingSchema>;

/** What the form holds before the rules run (untrimmed text, the tick). */
export type BillingValues = z.input<typeof billingSchema>;
