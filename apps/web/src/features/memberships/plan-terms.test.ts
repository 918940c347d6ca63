import { describe, expect, it } from 'vitest';
import { mandateLine, perPeriod, trialLine } from './plan-terms';

describe("a plan's terms in plain words", () => {
  it('names each charge, how often, and the most the mandate allows, for every period', () => {
    expect(mandateLine({ price: 999, period: 'month' })).toBe(
      'Charged ₹999.00 every month until you cancel; your UPI Autopay or card mandate allows at most ₹999.00 per month.',
    );
    expect(mandateLine({ price: 2499.5, period: 'quarter' })).toBe(
      'Charged ₹2,499.50 every 3 months until you cancel; your UPI Autopay or card mandate allows at most ₹2,499.50 per quarter.',
    );
    expect(mandateLine({ price: 120000, period: 'year' })).toBe(
      'Charged ₹1,20,000.00 every year until you cancel; your UPI Autopay or card mandate allows at most ₹1,20,000.00 per year.',
    );
    expect(perPeriod('quarter')).toBe('per quarter');
  });

  it('mentions a free trial only when the plan has one', () => {
    expect(trialLine({ trialDays: 7 })).toBe('The first 7 days are free: the first charge is made when they end.');
    expect(trialLine({ trialDays: 0 })).toBeNull();
  });
});
