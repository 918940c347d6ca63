import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTaxSettings } from '../../tax-config.js';
import { shareDiscount, type TaxMode, taxLines, taxMode, taxTotals } from './tax-lines.js';

const settings = loadTaxSettings({}, { siteName: 'TradeSkool', businessAddress: 'Ahmedabad, Gujarat' });
const lut = loadTaxSettings({ TAX_EXPORTS: 'lut' }, { siteName: 'TradeSkool', businessAddress: 'Ahmedabad' });
const unregistered = loadTaxSettings({ TAX_REGISTERED: 'no' }, { siteName: 'T', businessAddress: 'A' });
const course = (pricePaise: number, description = 'Options Trading') => ({ description, pricePaise });

describe('tax split by place of supply', () => {
  it('a Gujarat buyer pays CGST 9 % + SGST 9 % carved out of ₹4,999', () => {
    expect(taxMode(settings, '24')).toBe('intra');
    const [line] = taxLines(settings, 'intra', [course(499_900)], 0);
    // 4999 / 1.18 = 4236.44; 9 % of that = 381.28
    expect(line).toMatchObject({
      sac: '999293',
      taxablePaise: 423_644,
      cgstPaise: 38_128,
      sgstPaise: 38_128,
      igstPaise: 0,
    });
    expect(line?.totalPaise).toBe(499_900);
  });

  it('a Maharashtra buyer (with or without a GSTIN) pays IGST 18 %', () => {
    expect(taxMode(settings, '27')).toBe('inter');
    const [line] = taxLines(settings, 'inter', [course(499_900)], 0);
    expect(line).toMatchObject({
      taxablePaise: 423_644,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 76_256,
      totalPaise: 499_900,
    });
  });

  it('a buyer outside India pays IGST by default, nothing under a Letter of Undertaking', () => {
    expect(taxMode(settings, '96')).toBe('inter');
    expect(taxMode(lut, '96')).toBe('lut');
    expect(taxMode(lut, '24')).toBe('intra');
    const [line] = taxLines(lut, 'lut', [course(499_900)], 0);
    expect(line).toMatchObject({ taxablePaise: 499_900, cgstPaise: 0, igstPaise: 0, totalPaise: 499_900 });
  });

  it('a shop not registered issues no tax lines', () => {
    expect(taxMode(unregistered, '24')).toBe('none');
    const [line] = taxLines(unregistered, 'none', [course(100_000)], 0);
    expect(line).toMatchObject({ taxablePaise: 100_000, cgstPaise: 0, igstPaise: 0 });
  });

  it("a coupon's discount lowers each line's taxable value by its share", () => {
    // ₹3,000 + ₹1,000 with 10 % off (₹400): shares ₹300 and ₹100.
    const lines = taxLines(settings, 'inter', [course(300_000, 'A'), course(100_000, 'B')], 40_000);
    expect(lines.map((line) => line.discountPaise)).toEqual([30_000, 10_000]);
    expect(lines.map((line) => line.totalPaise)).toEqual([270_000, 90_000]);
    // 2700 / 1.18 = 2288.14
    expect(lines[0]?.taxablePaise).toBe(228_814);
    expect(taxTotals(lines).totalPaise).toBe(360_000);
  });
});

const prices = fc.array(fc.integer({ min: 100, max: 10_000_000 }), { minLength: 1, maxLength: 8 });
const withDiscount = prices.chain((list) =>
  fc.tuple(fc.constant(list), fc.integer({ min: 0, max: list.reduce((sum, price) => sum + price, 0) })),
);
const modes = fc.constantFrom<TaxMode>('intra', 'inter', 'lut', 'none');
const rates = fc.constantFrom('5', '12', '18', '28', '0', '0.25', '3');

describe('rounding invariants (property tests)', () => {
  it('discount shares are whole paise, within a paisa of the exact share, and add up to the discount', () => {
    fc.assert(
      fc.property(withDiscount, ([list, discount]) => {
        const shares = shareDiscount(list, discount);
        const subtotal = list.reduce((sum, price) => sum + price, 0);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(discount);
        shares.forEach((share, index) => {
          expect(Number.isInteger(share)).toBe(true);
          expect(Math.abs(share - ((list[index] ?? 0) * discount) / subtotal)).toBeLessThan(1);
          expect(share).toBeLessThanOrEqual(list[index] ?? 0);
        });
      }),
    );
  });

  it('with inclusive prices the lines add up to the amount charged exactly, and each tax is right to the paisa', () => {
    fc.assert(
      fc.property(withDiscount, modes, rates, ([list, discount], mode, rate) => {
        const shop = loadTaxSettings({ TAX_RATE_PERCENT: rate }, { siteName: 'T', businessAddress: 'A' });
        const lines = taxLines(
          shop,
          mode,
          list.map((price) => course(price)),
          discount,
        );
        const charged = list.reduce((sum, price) => sum + price, 0) - discount;
        expect(taxTotals(lines).totalPaise).toBe(charged);
        for (const line of lines) {
          expect(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(line.totalPaise);
          expect(line.cgstPaise).toBe(line.sgstPaise);
          expect(line.taxablePaise).toBeGreaterThanOrEqual(0);
          const tax = line.cgstPaise + line.sgstPaise + line.igstPaise;
          const taxed = mode === 'intra' || mode === 'inter';
          if (!taxed) expect(tax).toBe(0);
          // The tax a reader recomputes from the printed taxable value differs by at most a paisa per head.
          if (mode === 'inter')
            expect(Math.abs((line.taxablePaise * shop.rateBp) / 10_000 - tax)).toBeLessThanOrEqual(1);
          if (mode === 'intra')
            expect(Math.abs((line.taxablePaise * shop.rateBp) / 20_000 - line.cgstPaise)).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
});
