import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPaise, rupeesToPaise } from './money.js';
import { computeTotals, discountFor, MAX_SUBTOTAL_PAISE, subtotalOf } from './totals.js';

/** Course prices up to ₹1 crore, carts up to 50 lines: far beyond the shop, far inside the safe range. */
const pricePaise = fc.integer({ min: 0, max: 1_000_000_000 });
const line = fc.record({ pricePaise, quantity: fc.option(fc.integer({ min: -2, max: 5 }), { nil: undefined }) });
const lines = fc.array(line, { maxLength: 50 });
/** Any percentage a client or a bad row could send: fractions, negatives, above 100, NaN, infinities. */
const anyPercent = fc.oneof(
  fc.integer({ min: -100, max: 200 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(null, undefined),
);

describe('cart totals', () => {
  it('₹4,999 with 10 percent is ₹499.90 off and ₹4,499.10 to pay', () => {
    const totals = computeTotals([{ pricePaise: rupeesToPaise(4999) }], 10);
    expect(totals).toEqual({ subtotal: 499_900, discount: 49_990, total: 449_910 });
    expect([formatPaise(totals.subtotal), formatPaise(totals.discount), formatPaise(totals.total)]).toEqual([
      '₹4,999.00',
      '₹499.90',
      '₹4,499.10',
    ]);
  });

  it('two courses with WELCOME10: ₹4,999 + ₹6,999 gives ₹1,199.80 off', () => {
    const totals = computeTotals([{ pricePaise: 499_900 }, { pricePaise: 699_900 }], 10);
    expect(totals).toEqual({ subtotal: 1_199_800, discount: 119_980, total: 1_079_820 });
  });

  it('rounds half a paisa up, once, on the subtotal', () => {
    expect(discountFor(5, 10)).toBe(1);
    expect(discountFor(4, 10)).toBe(0);
    expect(discountFor(14, 25)).toBe(4);
    // per-line rounding would give 1 + 1; rounding the subtotal gives 1
    expect(computeTotals([{ pricePaise: 5 }, { pricePaise: 5 }], 5).discount).toBe(1);
  });

  it('counts only lines with a positive price and quantity', () => {
    expect(
      subtotalOf([
        { pricePaise: 100 },
        { pricePaise: 200, quantity: 2 },
        { pricePaise: -300 },
        { pricePaise: 400, quantity: 0 },
        { pricePaise: Number.NaN },
        { pricePaise: 12.5 },
      ]),
    ).toBe(500);
  });

  it('an invalid or negative percentage counts as no discount', () => {
    for (const percent of [Number.NaN, -10, 0, null, undefined, Number.NEGATIVE_INFINITY]) {
      expect(computeTotals([{ pricePaise: 10_000 }], percent)).toEqual({
        subtotal: 10_000,
        discount: 0,
        total: 10_000,
      });
    }
    expect(computeTotals([{ pricePaise: 10_000 }], 150)).toEqual({ subtotal: 10_000, discount: 10_000, total: 0 });
  });

  it('refuses a subtotal beyond the exact-integer range instead of rounding it wrongly', () => {
    expect(() => subtotalOf([{ pricePaise: MAX_SUBTOTAL_PAISE }, { pricePaise: 1 }])).toThrow(RangeError);
  });

  it('property: the discount never exceeds the subtotal and is never negative', () => {
    fc.assert(
      fc.property(lines, anyPercent, (cart, percent) => {
        const { subtotal, discount } = computeTotals(cart, percent);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(subtotal);
      }),
    );
  });

  it('property: total = subtotal - discount, and every figure is a safe integer', () => {
    fc.assert(
      fc.property(lines, anyPercent, (cart, percent) => {
        const totals = computeTotals(cart, percent);
        expect(totals.total).toBe(totals.subtotal - totals.discount);
        for (const figure of Object.values(totals)) expect(Number.isSafeInteger(figure)).toBe(true);
      }),
    );
  });

  it('property: the discount is the exact share rounded half up to the nearest paisa', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_SUBTOTAL_PAISE }), fc.integer({ min: 1, max: 100 }), (subtotal, p) => {
        // floor(subtotal * p / 100 + 1/2), in exact integer arithmetic
        const expected = (BigInt(subtotal) * BigInt(p) * 2n + 100n) / 200n;
        expect(BigInt(discountFor(subtotal, p))).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: a larger percentage never gives a smaller discount', () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (cart, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(computeTotals(cart, low).discount).toBeLessThanOrEqual(computeTotals(cart, high).discount);
      }),
    );
  });

  it('property: the order of the lines does not change the totals', () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 0, max: 100 }), (cart, percent) => {
        expect(computeTotals([...cart].reverse(), percent)).toEqual(computeTotals(cart, percent));
      }),
    );
  });
});

describe('the limits of pricing', () => {
  const tooLarge = new RangeError('the cart total is too large to price');

  it('prices a cart of exactly the largest subtotal, and refuses one paisa more', () => {
    expect(subtotalOf([{ pricePaise: MAX_SUBTOTAL_PAISE }])).toBe(MAX_SUBTOTAL_PAISE);
    expect(subtotalOf([{ pricePaise: MAX_SUBTOTAL_PAISE - 1 }, { pricePaise: 1 }])).toBe(MAX_SUBTOTAL_PAISE);
    expect(() => subtotalOf([{ pricePaise: MAX_SUBTOTAL_PAISE + 1 }])).toThrow(tooLarge);
    expect(discountFor(MAX_SUBTOTAL_PAISE, 100)).toBe(MAX_SUBTOTAL_PAISE);
    expect(() => discountFor(MAX_SUBTOTAL_PAISE + 1, 10)).toThrow(tooLarge);
  });

  it('gives no discount on a subtotal that is zero, negative or not a whole number of paise', () => {
    for (const subtotal of [0, -500, -1, Number.NaN, Number.POSITIVE_INFINITY, 10.5]) {
      expect(discountFor(subtotal, 10), String(subtotal)).toBe(0);
    }
  });

  it('gives no discount for a percentage that is missing, not a number, negative or zero', () => {
    for (const percent of [null, undefined, Number.NaN, Number.NEGATIVE_INFINITY, -0.4, -10, 0, -0]) {
      expect(Object.is(discountFor(10_000, percent), 0), String(percent)).toBe(true);
    }
    expect(discountFor(10_000, Number.POSITIVE_INFINITY)).toBe(0);
    expect(discountFor(10_000, '10' as unknown as number)).toBe(0);
  });

  it('property: any subtotal and percentage give a discount within 0..subtotal, as a safe integer', () => {
    const subtotal = fc.oneof(
      fc.integer({ min: -1_000_000, max: MAX_SUBTOTAL_PAISE }),
      fc.double({ max: MAX_SUBTOTAL_PAISE }),
    );
    const percent = fc.oneof(fc.double(), fc.integer({ min: -200, max: 200 }), fc.constantFrom(null, undefined));
    fc.assert(
      fc.property(subtotal, percent, (s, p) => {
        const discount = discountFor(s, p);
        expect(Number.isSafeInteger(discount)).toBe(true);
        expect(discount).toBeGreaterThanOrEqual(0);
        if (discount > 0) expect(discount).toBeLessThanOrEqual(s);
      }),
      { numRuns: 3000 },
    );
  });
});
