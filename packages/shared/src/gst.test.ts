import { describe, expect, it } from 'vitest';
import { gstinCheckChar, isValidGstin, pinMatchesState } from './gst.js';

describe('GSTIN', () => {
  it('accepts published GSTINs and refuses a changed character', () => {
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '24AAACC1206D1ZM'])
      expect(isValidGstin(gstin)).toBe(true);
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('27AAPFU0938F1ZV')).toBe(false);
    expect(isValidGstin('27aapfu0939f1zv')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
  });
});

describe('PIN code and state', () => {
  it('matches the postal circle of the state', () => {
    expect(pinMatchesState('380015', '24')).toBe(true); // Ahmedabad
    expect(pinMatchesState('411001', '27')).toBe(true); // Pune
    expect(pinMatchesState('411001', '24')).toBe(false);
    expect(pinMatchesState('403001', '30')).toBe(true); // Panaji
    expect(pinMatchesState('38001', '24')).toBe(false);
    expect(pinMatchesState('080015', '24')).toBe(false);
  });
});
