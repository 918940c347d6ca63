import * as z from 'zod/mini';
import { atMostTwoDecimals, hasAtMostTwoDecimals } from '../field-rules.js';
import { gstStateName, isValidGstin, isValidPan, OUTSIDE_INDIA } from '../gst.js';
import { messages } from '../messages.js';

const text = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(max, `must be at most ${max} characters`));
const seriesPrefix = z
  .string()
  .check(
    z.trim(),
    z.regex(/^[A-Za-z0-9-]{1,3}$/, 'must be 1 to 3 letters, digits or -, so a number fits in 16 characters'),
  );
const percentMessage = 'must be a percentage from 0 to 28';

/**
 * The shop's GST settings as the operator edits them in the console (issue 16): one schema for the form
 * and the server, in zod/mini so the console's page bundles no classic zod. Issued invoices keep the
 * settings they were issued with (their data is frozen).
 */
export const taxSettingsInput = z
  .object({
    registered: z.boolean({ error: 'must be yes or no' }),
    legalName: text(200),
    tradeName: text(200),
    address: text(300),
    stateCode: z
      .string()
      .check(
        z.refine(
          (code) => code !== OUTSIDE_INDIA && gstStateName(code) !== undefined,
          'must be an Indian state or union territory',
        ),
      ),
    // Checked below: required only when the shop is registered.
    gstin: z.string().check(z.trim(), z.toUpperCase()),
    pan: z.string().check(z.trim(), z.toUpperCase(), z.refine(isValidPan, 'must be a PAN such as AAAAA0000A')),
    sac: z.string().check(z.trim(), z.regex(/^99\d{4}$/, 'must be a six-digit SAC starting with 99')),
    ratePercent: z
      .number({ error: percentMessage })
      .check(
        z.minimum(0, percentMessage),
        z.maximum(28, percentMessage),
        z.refine(hasAtMostTwoDecimals, atMostTwoDecimals),
      ),
    prices: z.enum(['inclusive', 'exclusive'], { error: 'must be inclusive or exclusive' }),
    invoicePrefix: seriesPrefix,
    creditNotePrefix: seriesPrefix,
    exports: z.enum(['igst', 'lut'], { error: 'must be IGST or zero-rated under LUT' }),
    lutReference: z.string().check(z.trim(), z.maxLength(60, 'must be at most 60 characters')),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.registered || value.gstin) {
        if (!isValidGstin(value.gstin))
          ctx.addIssue({
            code: 'custom',
            path: ['gstin'],
            message: 'must be a 15-character GSTIN with a correct check character',
          });
        else if (value.gstin.slice(0, 2) !== value.stateCode)
          ctx.addIssue({ code: 'custom', path: ['gstin'], message: messages.taxGstinState });
        else if (value.gstin.slice(2, 12) !== value.pan)
          ctx.addIssue({ code: 'custom', path: ['pan'], message: messages.taxPanInGstin });
      }
      if (value.invoicePrefix.toUpperCase() === value.creditNotePrefix.toUpperCase())
        ctx.addIssue({ code: 'custom', path: ['creditNotePrefix'], message: messages.taxPrefixesDiffer });
      if (value.exports === 'lut' && !value.lutReference)
        ctx.addIssue({ code: 'custom', path: ['lutReference'], message: messages.taxLutReferenceRequired });
    }),
  );
export type TaxSettingsInput = z.input<typeof taxSettingsInput>;

/** What the console shows: the settings in force and whether a signature image is on file. */
export const adminTaxSettings = z.object({
  registered: z.boolean(),
  legalName: z.string(),
  tradeName: z.string(),
  address: z.string(),
  stateCode: z.string(),
  gstin: z.string(),
  pan: z.string(),
  sac: z.string(),
  ratePercent: z.number(),
  prices: z.enum(['inclusive', 'exclusive']),
  invoicePrefix: z.string(),
  creditNotePrefix: z.string(),
  exports: z.enum(['igst', 'lut']),
  lutReference: z.string(),
  hasSignature: z.boolean(),
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
});
export type AdminTaxSettings = z.infer<typeof adminTaxSettings>;
export const adminTaxSettingsResponse = z.object({
  ok: z.literal(true),
  settings: adminTaxSettings,
  message: z.optional(z.string()),
});

/** GET /api/checkout/tax: what the checkout page needs to compute the total the server will charge. */
export const checkoutTaxBasis = z.object({
  registered: z.boolean(),
  pricesInclusive: z.boolean(),
  rateBp: z.number(),
  stateCode: z.string(),
  exports: z.enum(['igst', 'lut']),
});
export type CheckoutTaxBasis = z.infer<typeof checkoutTaxBasis>;
export const checkoutTaxResponse = z.object({ ok: z.literal(true), tax: checkoutTaxBasis });
