import { financialYear, indiaDate } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { loadTaxSettings } from '../../tax-config.js';
import { amountInWords, numberInWords } from './amount-in-words.js';
import { formatDocumentNumber } from './invoice-number.js';

describe('totals in words (Indian numbering)', () => {
  it.each([
    [0, 'Zero'],
    [15, 'Fifteen'],
    [999, 'Nine Hundred Ninety-Nine'],
    [4_999, 'Four Thousand Nine Hundred Ninety-Nine'],
    [1_00_000, 'One Lakh'],
    [12_34_567, 'Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven'],
    [1_00_00_000, 'One Crore'],
    [2_05_00_010, 'Two Crore Five Lakh Ten'],
    [1_23_45_67_890, 'One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety'],
  ])('%i is %s', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it('spells rupees and paise', () => {
    expect(amountInWords(1_23_456_78)).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only',
    );
    expect(amountInWords(499_900)).toBe('Rupees Four Thousand Nine Hundred Ninety-Nine Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
  });
});

describe('document numbers', () => {
  it('the financial year turns at midnight India time on 1 April', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59.999Z'))).toBe('26-27');
    expect(financialYear(new Date('2027-03-31T18:30:00.000Z'))).toBe('27-28');
    expect(indiaDate(new Date('2027-03-31T18:30:00.000Z'))).toBe('2027-04-01');
    expect(financialYear(new Date('2026-04-01T00:00:00Z'))).toBe('26-27');
    expect(financialYear(new Date('2099-12-31T00:00:00Z'))).toBe('99-00');
  });

  it('formats TS/26-27/000001, at most 16 characters', () => {
    expect(formatDocumentNumber('TS', '26-27', 1)).toBe('TS/26-27/000001');
    expect(formatDocumentNumber('TSC', '26-27', 999_999)).toBe('TSC/26-27/999999');
    expect(() => formatDocumentNumber('TSC', '26-27', 1_000_000)).toThrow(/16 characters/);
    expect(() => formatDocumentNumber('TS', '26-27', 0)).toThrow();
  });
});

describe('tax settings from the environment', () => {
  const fallback = { siteName: 'TradeSkool', businessAddress: 'Ahmedabad, Gujarat' };
  it('defaults to a registered Gujarat shop, SAC 999293 at 18 %, inclusive prices, series TS', () => {
    expect(loadTaxSettings({}, fallback)).toMatchObject({
      registered: true,
      tradeName: 'TradeSkool',
      address: 'Ahmedabad, Gujarat',
      stateCode: '24',
      stateName: 'Gujarat',
      sac: '999293',
      rateBp: 1800,
      pricesInclusive: true,
      invoicePrefix: 'TS',
      creditNotePrefix: 'TSC',
      exports: 'igst',
    });
  });

  it('accepts a real GSTIN and refuses a wrong check character, state or PAN', () => {
    const ok = loadTaxSettings({ TAX_GSTIN: '24aaacc1206d1zm', TAX_PAN: 'AAACC1206D' }, fallback);
    expect(ok).toMatchObject({ gstin: '24AAACC1206D1ZM', pan: 'AAACC1206D' });
    expect(() => loadTaxSettings({ TAX_GSTIN: '24AAACC1206D1ZN' }, fallback)).toThrow(/TAX_GSTIN .*check character/);
    expect(() => loadTaxSettings({ TAX_GSTIN: '27AAPFU0939F1ZV' }, fallback)).toThrow(/TAX_STATE_CODE/);
    expect(() => loadTaxSettings({ TAX_GSTIN: '24AAACC1206D1ZM', TAX_PAN: 'AAACC1207D' }, fallback)).toThrow(/TAX_PAN/);
    expect(() => loadTaxSettings({ TAX_INVOICE_PREFIX: 'TSXY' }, fallback)).toThrow(/TAX_INVOICE_PREFIX/);
    expect(loadTaxSettings({ TAX_PRICES: 'exclusive' }, fallback).pricesInclusive).toBe(false);
    expect(() => loadTaxSettings({ TAX_PRICES: 'net' }, fallback)).toThrow(/TAX_PRICES must be inclusive or exclusive/);
    expect(() => loadTaxSettings({ TAX_STATE_CODE: '96' }, fallback)).toThrow(/TAX_STATE_CODE/);
  });

  it('a bad TAX_ variable stops the start-up with one line naming it', () => {
    expect(() => loadConfig({ TAX_GSTIN: '24AAACC1206D1ZN' })).toThrow(
      'Invalid configuration: TAX_GSTIN must be a 15-character GSTIN with a correct check character',
    );
    expect(loadConfig({ TAX_RATE_PERCENT: '5' }).tax.rateBp).toBe(500);
  });
});
