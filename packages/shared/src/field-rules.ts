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

export const levels = ['Beginner', 'Intermediate', 'Advanced'] as const;

export const orderStatuses = ['created', 'attempted', 'paid', 'failed', 'expired', 'refunded'] as const;
