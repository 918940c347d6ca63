import { describe, expect, it } from 'vitest';
import { cycleEnd } from './billing-cycles.js';
import { openEndedTotalCount } from './gateway.js';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('billing cycles, as Razorpay counts them (UTC calendar months)', () => {
  it('adds calendar months, years, weeks and days', () => {
    expect(cycleEnd(at('2026-11-15T10:00:00Z'), 'monthly', 1)).toBe(at('2026-12-15T10:00:00Z'));
    expect(cycleEnd(at('2026-11-15T10:00:00Z'), 'monthly', 3)).toBe(at('2027-02-15T10:00:00Z'));
    expect(cycleEnd(at('2026-11-15T10:00:00Z'), 'yearly', 1)).toBe(at('2027-11-15T10:00:00Z'));
    expect(cycleEnd(at('2026-11-15T10:00:00Z'), 'weekly', 2)).toBe(at('2026-11-29T10:00:00Z'));
    expect(cycleEnd(at('2026-11-15T10:00:00Z'), 'daily', 7)).toBe(at('2026-11-22T10:00:00Z'));
  });

  it('ends a cycle from the 31st on the last day of a shorter month, and a leap day on 28 February', () => {
    expect(cycleEnd(at('2027-01-31T00:00:00Z'), 'monthly', 1)).toBe(at('2027-02-28T00:00:00Z'));
    expect(cycleEnd(at('2028-01-31T00:00:00Z'), 'monthly', 1)).toBe(at('2028-02-29T00:00:00Z'));
    expect(cycleEnd(at('2026-12-31T00:00:00Z'), 'monthly', 3)).toBe(at('2027-03-31T00:00:00Z'));
    expect(cycleEnd(at('2028-02-29T00:00:00Z'), 'yearly', 1)).toBe(at('2029-02-28T00:00:00Z'));
  });
});

it('an open-ended membership is ten years of cycles (Razorpay needs a total_count)', () => {
  expect(openEndedTotalCount('monthly', 1)).toBe(120);
  expect(openEndedTotalCount('monthly', 3)).toBe(40);
  expect(openEndedTotalCount('yearly', 1)).toBe(10);
  expect(openEndedTotalCount('weekly', 1)).toBe(520);
});
