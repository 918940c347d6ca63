import { describe, expect, it } from 'vitest';
import { checkoutCharge, type TaxBasis } from './checkout-tax.js';

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
      igstPaise: 89_982,
      cgstPaise: 0,
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
