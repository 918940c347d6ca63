import { describe, expect, it } from 'vitest';
import { checkProceed } from './proceed-check';

describe('checkProceed', () => {
  const good = { subtotal: 499_900, discount: 49_990, total: 449_910 };

  it('lets a cart with valid totals proceed', () => {
    expect(checkProceed([{}], good)).toBeNull();
  });

  it.each([[null], [undefined], [[]]])('an empty or missing cart (%o) alerts that it is empty', (entries) => {
    expect(checkProceed(entries, good)).toBe('Your cart is empty. Please add items before proceeding.');
  });

  it.each([
    { ...good, discount: Number.NaN },
    { ...good, total: Number.POSITIVE_INFINITY },
    { subtotal: 1 },
    { ...good, total: '449910' as unknown as number },
  ])('totals that are not numbers (%o) alert that they are invalid', (totals) => {
    expect(checkProceed([{}], totals)).toBe('Invalid discount or total. Please check the cart data.');
  });
});
