import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIndianNumber, formatPaise, formatRupees, rupeesToPaise } from './money.js';

/** What the shop printed before the hand-written grouping: Intl's en-IN format. */
const intlRupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('rupee formatting', () => {
  it('writes amounts the Indian way', () => {
    expect(formatRupees(4999)).toBe('₹4,999.00');
    expect(formatPaise(10_000_000_00)).toBe('₹1,00,00,000.00');
    expect(formatPaise(5)).toBe('₹0.05');
    expect(formatPaise(-123_456_78)).toBe('₹-1,23,456.78');
    expect(formatIndianNumber(123456)).toBe('1,23,456');
  });

  it('matches Intl en-IN for every whole number of paise, and for odd inputs', () => {
    const paise = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.maxSafeInteger(),
      fc.integer().map((n) => n * 1000),
      fc.constantFrom(0, -0, 0.5, 1.5, 99.995, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 60),
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
    );
    fc.assert(
      fc.property(paise, (value) => {
        expect(formatPaise(value)).toBe(`₹${intlRupees.format(value / 100)}`);
      }),
      { numRuns: 5000 },
    );
  });

  it('groups counts as toLocaleString en-IN does', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.maxSafeInteger()), (value) => {
        expect(formatIndianNumber(value)).toBe(value.toLocaleString('en-IN'));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('rupees to paise', () => {
  it('converts whole and fractional rupees to whole paise', () => {
    expect(rupeesToPaise(4999)).toBe(499_900);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(-12.345)).toBe(-1234);
  });

  it('refuses NaN and the infinities instead of returning a price that is not a number', () => {
    for (const rupees of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => rupeesToPaise(rupees), String(rupees)).toThrow(new RangeError('amount must be a finite number'));
      expect(() => formatRupees(rupees), String(rupees)).toThrow(RangeError);
    }
  });

  it('property: every finite amount gives a whole number of paise within half a paisa', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }), (rupees) => {
        const paise = rupeesToPaise(rupees);
        expect(Number.isInteger(paise)).toBe(true);
        expect(Math.abs(paise - rupees * 100)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });
});

describe('the quick path', () => {
  it('groups fractions, huge numbers and negative zero exactly as toLocaleString en-IN does', () => {
    const odd = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e7, max: 1e7 }),
      fc.constantFrom(-0, 1234.5, 2 ** 60, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2),
    );
    fc.assert(
      fc.property(odd, (value) => {
        expect(formatIndianNumber(value)).toBe(value.toLocaleString('en-IN'));
      }),
      { numRuns: 2000 },
    );
    expect(formatIndianNumber(-0)).toBe('-0');
    expect(formatIndianNumber(1234.5)).toBe('1,234.5');
  });
});
