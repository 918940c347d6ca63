import { gstStateName, isValidGstin, isValidPan, OUTSIDE_INDIA } from '@shop/shared';
import { z } from 'zod';

/**
 * The shop's GST settings (issue 16). Every rate, code and series is a setting because the operator's
 * CA has the last word; the defaults are those of a Gujarat shop selling training (SAC 999293 at 18 %).
 * The placeholders (legal name, GSTIN, PAN) must be replaced before a real invoice is issued.
 */
export interface TaxSettings {
  /** Not registered: documents are a "Bill of Supply" without tax lines. */
  registered: boolean;
  legalName: string;
  tradeName: string;
  address: string;
  stateCode: string;
  stateName: string;
  gstin: string;
  pan: string;
  sac: string;
  /** Basis points: 1800 is 18 %. */
  rateBp: number;
  pricesInclusive: boolean;
  invoicePrefix: string;
  creditNotePrefix: string;
  /** Services to a buyer outside India: IGST charged, or zero-rated under a Letter of Undertaking. */
  exports: 'igst' | 'lut';
  lutReference: string;
  /** File name of the operator's uploaded signature image (tax-settings-signature.ts), or '' for none. */
  signature: string;
}

const prefix = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,3}$/, 'must be 1 to 3 letters, digits or -, so a number fits in 16 characters');

const taxEnv = z.object({
  TAX_REGISTERED: z.enum(['yes', 'no'], { error: 'must be yes or no' }).default('yes'),
  TAX_LEGAL_NAME: z.string().trim().min(1).max(200).default('TradeSkool Education (set TAX_LEGAL_NAME)'),
  TAX_TRADE_NAME: z.string().trim().min(1).max(200).optional(),
  TAX_ADDRESS: z.string().trim().min(1).max(300).optional(),
  TAX_STATE_CODE: z
    .string()
    .refine((code) => code !== OUTSIDE_INDIA && gstStateName(code) !== undefined, 'must be a GST state code such as 24')
    .default('24'),
  TAX_GSTIN: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isValidGstin, 'must be a 15-character GSTIN with a correct check character')
    .default('24AAAAA0000A1Z8'),
  TAX_PAN: z.string().trim().toUpperCase().refine(isValidPan, 'must be a PAN such as AAAAA0000A').optional(),
  TAX_SAC: z
    .string()
    .regex(/^99\d{4}$/, 'must be a six-digit SAC starting with 99')
    .default('999293'),
  TAX_RATE_PERCENT: z.coerce
    .number({ error: 'must be a percentage from 0 to 28' })
    .min(0, 'must be a percentage from 0 to 28')
    .max(28, 'must be a percentage from 0 to 28')
    .refine((rate) => Number.isInteger(rate * 100), 'must have at most two decimals')
    .default(18),
  // Exclusive: checkout adds the tax on top of the cart's total after the coupon (decision 0018).
  TAX_PRICES: z.enum(['inclusive', 'exclusive'], { error: 'must be inclusive or exclusive' }).default('inclusive'),
  TAX_INVOICE_PREFIX: prefix.default('TS'),
  TAX_CREDIT_NOTE_PREFIX: prefix.default('TSC'),
  TAX_EXPORTS: z.enum(['igst', 'lut'], { error: 'must be igst or lut' }).default('igst'),
  TAX_LUT_REFERENCE: z.string().trim().max(60).default(''),
});

/** Reads the TAX_* variables; throws a message naming the variable when one is not valid. */
export function loadTaxSettings(
  source: Record<string, string | undefined>,
  fallback: { siteName: string; businessAddress: string },
): TaxSettings {
  const parsed = taxEnv.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${String(issue?.path[0] ?? 'TAX_*')} ${issue?.message ?? 'is not valid'}`);
  }
  const env = parsed.data;
  const pan = env.TAX_PAN ?? env.TAX_GSTIN.slice(2, 12);
  if (env.TAX_GSTIN.slice(0, 2) !== env.TAX_STATE_CODE)
    throw new Error('TAX_GSTIN must start with TAX_STATE_CODE (the state the shop is registered in)');
  if (env.TAX_GSTIN.slice(2, 12) !== pan) throw new Error('TAX_GSTIN must contain TAX_PAN (characters 3 to 12)');
  if (env.TAX_INVOICE_PREFIX === env.TAX_CREDIT_NOTE_PREFIX)
    throw new Error('TAX_CREDIT_NOTE_PREFIX must differ from TAX_INVOICE_PREFIX (each document has its own series)');
  return {
    registered: env.TAX_REGISTERED === 'yes',
    legalName: env.TAX_LEGAL_NAME,
    tradeName: env.TAX_TRADE_NAME ?? fallback.siteName,
    address: env.TAX_ADDRESS ?? fallback.businessAddress,
    stateCode: env.TAX_STATE_CODE,
    stateName: gstStateName(env.TAX_STATE_CODE) ?? '',
    gstin: env.TAX_GSTIN,
    pan,
    sac: env.TAX_SAC,
    rateBp: Math.round(env.TAX_RATE_PERCENT * 100),
    pricesInclusive: env.TAX_PRICES === 'inclusive',
    invoicePrefix: env.TAX_INVOICE_PREFIX,
    creditNotePrefix: env.TAX_CREDIT_NOTE_PREFIX,
    exports: env.TAX_EXPORTS,
    lutReference: env.TAX_LUT_REFERENCE,
    signature: '',
  };
}
