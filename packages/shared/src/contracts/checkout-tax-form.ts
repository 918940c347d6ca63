import * as z from 'zod/mini';
import { billingTaxProblems, OUTSIDE_INDIA } from '../gst.js';
import { messages } from '../messages.js';
import { isPrintableName, normalisePersonName } from '../person-name.js';

// Apart from form-requests.ts: every form page imports that file, and this one brings gst.ts (1.4 KB gzip)
// that only the checkout needs (decision 0026).

/** A name the invoice prints (the buyer's, a business's): one line, no hidden characters (B6). */
export const printedNameField = (max: number, tooLong: string) =>
  z.pipe(
    z.string().check(z.trim(), z.maxLength(max, tooLong), z.refine(isPrintableName, messages.billingNameCharacters)),
    z.transform(normalisePersonName),
  );

/**
 * The checkout's tax billing details (`createOrderBody`'s state, pin, businessName, gstin, country) and the
 * disclaimer tick, to spread into the billing form's object; the form requires a state and the tick
 * where the contract leaves them optional.
 */
export const checkoutTaxFields = {
  state: z.string(),
  pin: z.string().check(z.trim()),
  businessName: printedNameField(200, messages.billingBusinessTooLong),
  gstin: z.pipe(
    z.string().check(z.trim()),
    z.transform((value: string) => value.toUpperCase()),
  ),
  country: z.pipe(
    z.string().check(z.trim()),
    z.transform((value: string) => value.toUpperCase()),
  ),
  disclaimerAccepted: z.boolean(),
};

/** The rules across those fields (billingTaxProblems), and the tick. */
export const checkoutTaxCheck = z.superRefine(
  (form: { state: string; pin: string; gstin: string; country: string; disclaimerAccepted: boolean }, ctx) => {
    // The form shows the country only with Outside India, and sends it only then (use-place-order.ts).
    const country = form.state === OUTSIDE_INDIA ? form.country : '';
    for (const problem of billingTaxProblems({ ...form, country }))
      ctx.issues.push({ code: 'custom', path: [problem.field], message: problem.message, input: form });
    if (!form.disclaimerAccepted)
      ctx.issues.push({
        code: 'custom',
        path: ['disclaimerAccepted'],
        message: messages.disclaimerRequired,
        input: form,
      });
  },
);

export const checkoutTaxForm = z.object(checkoutTaxFields).check(checkoutTaxCheck);
