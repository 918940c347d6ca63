import { describe, expect, it } from 'vitest';
import { billingTaxProblems, countryName, gstinCheckChar, isValidGstin, pinMatchesState } from './gst.js';
import { messages } from './messages.js';

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

describe('the country of a buyer outside India (issue 32, B7)', () => {
  it('names ISO 3166-1 alpha-2 countries and nothing else', () => {
    expect(countryName('AE')).toBe('United Arab Emirates');
    expect(countryName('US')).toBe('United States');
    for (const code of ['XX', 'ZZ', 'EU', 'UN', 'us', 'USA', '']) expect(countryName(code)).toBeUndefined();
  });

  it('is required with Outside India, may not be India, and goes only with Outside India', () => {
    expect(billingTaxProblems({ state: '96' })).toEqual([
      { field: 'country', message: messages.billingCountryRequired },
    ]);
    expect(billingTaxProblems({ state: '96', country: 'IN' })).toEqual([
      { field: 'country', message: messages.billingCountryIndia },
    ]);
    expect(billingTaxProblems({ state: '96', country: 'SG' })).toEqual([]);
    expect(billingTaxProblems({ state: '24', pin: '380015', country: 'SG' })).toEqual([
      { field: 'country', message: messages.billingCountryOutside },
    ]);
    expect(billingTaxProblems({ state: '24', pin: '380015', country: 'IN' })).toEqual([]);
  });
});
