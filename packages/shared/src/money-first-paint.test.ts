import { expect, it, vi } from 'vitest';
import { formatIndianNumber, formatPaise } from './money.js';

// Its own file, so that no earlier test has built the module's cached Intl formatter.
it('prints whole numbers and whole paise without asking Intl, which costs a phone ~50 ms to load', () => {
  const numberFormat = vi.spyOn(Intl, 'NumberFormat');
  const toLocale = vi.spyOn(Number.prototype, 'toLocaleString');
  try {
    expect(formatIndianNumber(1_23_45_678)).toBe('1,23,45,678');
    expect(formatIndianNumber(-999)).toBe('-999');
    expect(formatPaise(4_999_00)).toBe('₹4,999.00');
    expect(formatPaise(-5)).toBe('₹-0.05');
    expect(formatPaise(99_999_999_999_999)).toBe('₹9,99,99,99,99,999.99');
    expect(toLocale).not.toHaveBeenCalled();
    expect(numberFormat).not.toHaveBeenCalled();
    expect(formatPaise(0.5)).toBe('₹0.01');
    expect(numberFormat).toHaveBeenCalledTimes(1);
  } finally {
    numberFormat.mockRestore();
    toLocale.mockRestore();
  }
});
