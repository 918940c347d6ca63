import { messages } from './messages.js';

/*
 * The plain values the contracts and the browser's forms share. They live apart from the zod
 * contracts so a page that needs only them does not bundle zod.
 */

/** Spec section 5: '{label} is a required field'. */
export function requiredMessage(label: string): string {
  return messages.fieldRequired.replace('{label}', label);
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_MAX = 40;
/** A review's text is optional; this is its longest form, after trimming. */
export const REVIEW_TEXT_MAX = 2000;

export const levels = ['Beginner', 'Intermediate', 'Advanced'] as const;

/** Ids look like the original site's MongoDB ids: 24 lowercase hex characters. */
export const OBJECT_ID = /^[a-f0-9]{24}$/;

/**
 * An amount in rupees is a whole number of paise, a tax rate a whole number of hundredths of a percent:
 * at most two decimals. The tolerance absorbs binary fractions (`1499.95 * 100` is `149994.99999999997`).
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}
export const atMostTwoDecimals = 'must have at most two decimals';

export const orderStatuses = ['created', 'attempted', 'paid', 'failed', 'expired', 'refunded'] as const;
