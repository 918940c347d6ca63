import { describe, expect, it } from 'vitest';
import { checkoutCharge, shareDiscount, type TaxBasis, taxLines } from './checkout-tax.js';

// Independent figures, worked by hand: 18 % on ₹4,999.00 is ₹899.82 (9 % is ₹449.91).
const exclusive: TaxBasis = { registered: true, pricesInclusive: false, rateBp: 1800, stateCode: '24', exports: 'lut' };
const inclusive: TaxBasis = { ...exclusive, pricesInclusive: true, exports: 'igst' };

describe('what a buyer is charged at checkout', () => {
  it('exclusive prices: a Gujarat buyer pays CGST + SGST on top', () => {
    expect(checkoutCharge(exclusive, '24', [499_900], 0)).toEqual({
      mode: 'intra',
      taxPaise: 89_982,
      cgstPaise: 44_991,
      sgstPaise: 44_991,
      igstPaise: 0,
      totalPaise: 589_882,
    });
  });

  it('exclusive prices: another state pays IGST, the same total', () => {
    expect(checkoutCharge(exclusive, '27', [499_900], 0)).toMatchObject({
      mode: 'inter',
      taxPaise: 89_982,
      igstPaise: 89_982,
      cgstPaise: 0,
      sgstPaise: 0,
      totalPaise: 589_882,
    });
  });

  it('exclusive prices: outside India under a LUT pays no tax; with IGST on exports it does', () => {
    expect(checkoutCharge(exclusive, '96', [499_900], 0)).toMatchObject({
      mode: 'lut',
      taxPaise: 0,
      totalPaise: 499_900,
    });
    expect(checkoutCharge({ ...exclusive, exports: 'igst' }, '96', [499_900], 0)).toMatchObject({
      mode: 'inter',
      totalPaise: 589_882,
    });
  });

  it('a shop not registered adds nothing', () => {
    expect(checkoutCharge({ ...exclusive, registered: false }, '24', [499_900], 0)).toMatchObject({
      mode: 'none',
      taxPaise: 0,
      totalPaise: 499_900,
    });
  });

  it('no state given: the shop’s own state is the place of supply', () => {
    expect(checkoutCharge(exclusive, '', [499_900], 0).mode).toBe('intra');
  });

  it('the coupon comes off before the tax, and each line is rounded on its own', () => {
    // ₹4,999 + ₹6,999 with ₹1,199.80 off: shares ₹499.90 and ₹699.90; taxable ₹4,499.10 and ₹6,299.10.
    // 9 % of 4,499.10 = 404.919 -> 404.92; of 6,299.10 = 566.919 -> 566.92. Tax 2 x (404.92 + 566.92) = 1,943.68.
    expect(checkoutCharge(exclusive, '24', [499_900, 699_900], 119_980)).toMatchObject({
      cgstPaise: 97_184,
      sgstPaise: 97_184,
      taxPaise: 194_368,
      totalPaise: 1_079_820 + 194_368,
    });
  });

  it('inclusive prices (the default): the total is the cart’s, the tax carved out of it', () => {
    // 4,999 / 1.18 = 4,236.44; 9 % of it = 381.28 each.
    expect(checkoutCharge(inclusive, '24', [499_900], 0)).toEqual({
      mode: 'intra',
      taxPaise: 76_256,
      cgstPaise: 38_128,
      sgstPaise: 38_128,
      igstPaise: 0,
      totalPaise: 499_900,
    });
    expect(checkoutCharge(inclusive, '27', [499_900, 699_900], 119_980).totalPaise).toBe(1_079_820);
  });
});

describe('how a coupon is spread over the lines', () => {
  it('₹100 off ₹499 + ₹999 + ₹1,499: the two odd paise go to the lines closest to rounding up', () => {
    // Exact shares of ₹100 by price: ₹16.64998, ₹33.33333, ₹50.01668. Floors add up to ₹99.98; the two
    // paise left go to the first line (.998) and the third (.668), not the second (.333) nor the largest.
    expect(shareDiscount([49_900, 99_900, 149_900], 10_000)).toEqual([1_665, 3_333, 5_002]);
  });

  it('three ₹499 courses with ₹100 off: the one paisa left over goes to the first line', () => {
    expect(shareDiscount([49_900, 49_900, 49_900], 10_000)).toEqual([3_334, 3_333, 3_333]);
  });

  it('a 100 % coupon takes each line to zero, and the buyer owes no tax', () => {
    expect(shareDiscount([49_900, 99_900], 149_800)).toEqual([49_900, 99_900]);
    for (const basis of [inclusive, exclusive]) {
      expect(checkoutCharge(basis, '24', [49_900, 99_900], 149_800)).toEqual({
        mode: 'intra',
        taxPaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        totalPaise: 0,
      });
    }
  });

  it('a free course in the cart takes no share of the discount; a cart of free courses owes nothing', () => {
    expect(shareDiscount([0, 49_900], 10_000)).toEqual([0, 10_000]);
    expect(shareDiscount([0, 0], 0)).toEqual([0, 0]);
    expect(checkoutCharge(exclusive, '27', [0, 0], 0)).toMatchObject({ taxPaise: 0, totalPaise: 0 });
  });

  it('a discount below zero or above the subtotal is refused; none and all of it are accepted', () => {
    expect(() => shareDiscount([49_900], -1)).toThrow(/discount/);
    expect(() => shareDiscount([49_900], 49_901)).toThrow(/discount/);
    expect(shareDiscount([49_900], 0)).toEqual([0]);
    expect(shareDiscount([49_900], 49_900)).toEqual([49_900]);
  });
});

describe('the invoice lines behind the charge', () => {
  const shop = { pricesInclusive: true, rateBp: 1800, sac: '999293' };
  const courses = [
    { description: 'Price Action', pricePaise: 49_900 },
    { description: 'Options Basics', pricePaise: 99_900 },
  ];

  it('inclusive ₹999 in Gujarat: CGST and SGST equal, the odd paisa stays in the taxable value', () => {
    // 999 / 1.18 = 846.6102; 9 % of it = 76.1949 -> ₹76.19 each; 999 - 152.38 = ₹846.62.
    const [, line] = taxLines(shop, 'intra', courses, 0);
    expect(line).toEqual({
      description: 'Options Basics',
      sac: '999293',
      pricePaise: 99_900,
      discountPaise: 0,
      totalPaise: 99_900,
      taxablePaise: 84_662,
      cgstPaise: 7_619,
      sgstPaise: 7_619,
      igstPaise: 0,
    });
  });

  it('inclusive ₹999 to Maharashtra: IGST ₹152.39 carved out, taxable ₹846.61', () => {
    // 18 % of 846.6102 = 152.3898 -> ₹152.39.
    const [, line] = taxLines(shop, 'inter', courses, 0);
    expect(line).toMatchObject({ taxablePaise: 84_661, cgstPaise: 0, sgstPaise: 0, igstPaise: 15_239 });
    expect(line?.totalPaise).toBe(99_900);
  });

  it('with a coupon each line carries its own share, and the lines add up to what is charged', () => {
    // ₹149.80 off ₹499 + ₹999 (10 %): shares ₹49.90 and ₹99.90; charged ₹449.10 + ₹899.10 = ₹1,348.20.
    // IGST carved out: 449.10 / 1.18 = 380.5932 -> tax ₹68.51; 899.10 / 1.18 = 761.9492 -> tax ₹137.15.
    const lines = taxLines(shop, 'inter', courses, 14_980);
    expect(lines.map((line) => [line.discountPaise, line.taxablePaise, line.igstPaise, line.totalPaise])).toEqual([
      [4_990, 38_059, 6_851, 44_910],
      [9_990, 76_195, 13_715, 89_910],
    ]);
    expect(checkoutCharge(inclusive, '27', [49_900, 99_900], 14_980)).toEqual({
      mode: 'inter',
      taxPaise: 20_566,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 20_566,
      totalPaise: 134_820,
    });
  });

  it('outside India under a LUT or from a shop not registered: no tax, the whole price is taxable', () => {
    for (const mode of ['lut', 'none'] as const) {
      for (const pricesInclusive of [true, false]) {
        const [line] = taxLines({ ...shop, pricesInclusive }, mode, courses, 0);
        expect(line).toMatchObject({
          taxablePaise: 49_900,
          cgstPaise: 0,
          sgstPaise: 0,
          igstPaise: 0,
          totalPaise: 49_900,
        });
      }
    }
    expect(checkoutCharge({ ...inclusive, exports: 'lut' }, '96', [499_900], 0)).toMatchObject({
      mode: 'lut',
      taxPaise: 0,
      totalPaise: 499_900,
    });
  });
});
