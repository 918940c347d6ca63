import { describe, expect, it } from 'vitest';
import { accessUntil, actionsFor, chargesAgain, statusInWords } from './membership-state';

const now = new Date('2026-03-10T10:00:00Z');
const periodEnd = '2026-04-10T10:00:00.000Z';
const paying = { status: 'active' as const, cancelAtPeriodEnd: false, currentPeriodEnd: periodEnd };

describe("what a learner's membership says and allows", () => {
  it('a paying member may cancel or change the method, not resume; the next charge is shown', () => {
    expect(statusInWords(paying)).toBe('Active');
    expect(actionsFor(paying, now)).toEqual({ cancel: true, resume: false, changeMethod: true });
    expect(chargesAgain({ ...paying, nextChargeAt: periodEnd })).toBe(true);
    expect(accessUntil(paying)).toBeNull();
  });

  it('cancelled at period end: says so, access until the end, resume only before it, no next charge', () => {
    const cancelling = { ...paying, cancelAtPeriodEnd: true };
    expect(statusInWords(cancelling)).toBe('Cancelled: ends at the end of the paid period');
    expect(accessUntil(cancelling)).toBe(periodEnd);
    expect(actionsFor(cancelling, now)).toEqual({ cancel: false, resume: true, changeMethod: false });
    expect(actionsFor(cancelling, new Date('2026-04-11T00:00:00Z')).resume).toBe(false);
    // Once resumed, the new membership carries the actions; the old one only runs out.
    expect(actionsFor({ ...cancelling, replacedBy: 'new' }, now)).toEqual({
      cancel: false,
      resume: false,
      changeMethod: false,
    });
    expect(chargesAgain({ ...cancelling, nextChargeAt: periodEnd })).toBe(false);
  });

  it('an ended membership offers nothing; a halted one tells how to reopen the courses', () => {
    for (const status of ['cancelled', 'completed', 'expired'] as const) {
      expect(actionsFor({ ...paying, status }, now)).toEqual({ cancel: false, resume: false, changeMethod: false });
      expect(chargesAgain({ ...paying, status, nextChargeAt: periodEnd })).toBe(false);
    }
    expect(statusInWords({ ...paying, status: 'cancelled', cancelAtPeriodEnd: true })).toBe('Cancelled');
    const halted = { ...paying, status: 'halted' as const };
    expect(statusInWords(halted)).toContain('Change the payment method');
    expect(actionsFor(halted, now)).toEqual({ cancel: true, resume: false, changeMethod: true });
  });
});
