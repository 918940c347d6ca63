import { financialYear, indiaDate } from '@shop/shared';
import { expect, it } from 'vitest';
import { formatDocumentNumber } from './invoice-number.js';

// The rules of invoice-number.ts at their edges: India's financial year (April to March, India time),
// the date printed on a document, and CGST Rule 46(b)'s form of a document number (at most 16
// characters of letters, digits, `-` and `/`), which the shop must never break.

it('the financial year runs April to March in India time, with two-digit years', () => {
  for (const [instant, year] of [
    ['2026-03-31T18:29:59.999Z', '25-26'],
    ['2026-03-31T18:30:00.000Z', '26-27'],
    ['2026-04-15T12:00:00Z', '26-27'],
    ['2027-01-15T12:00:00Z', '26-27'],
    ['2027-03-01T12:00:00Z', '26-27'],
    ['2000-06-01T00:00:00Z', '00-01'],
    ['2009-05-01T00:00:00Z', '09-10'],
    ['2010-02-01T00:00:00Z', '09-10'],
  ]) {
    expect(financialYear(new Date(instant)), instant).toBe(year);
  }
});

it('the date on a document is the calendar date in India', () => {
  for (const [instant, date] of [
    ['2026-11-22T18:29:59.999Z', '2026-11-22'],
    ['2026-11-22T18:30:00.000Z', '2026-11-23'],
    ['2026-11-22T00:00:00.000Z', '2026-11-22'],
  ]) {
    expect(indiaDate(new Date(instant)), instant).toBe(date);
  }
});

it('a number is prefix/year/six-digit sequence, up to exactly 16 characters', () => {
  expect(formatDocumentNumber('TS', '26-27', 42)).toBe('TS/26-27/000042');
  expect(formatDocumentNumber('TSC', '26-27', 7)).toBe('TSC/26-27/000007');
  expect(formatDocumentNumber('ab1', '26-27', 123_456)).toBe('ab1/26-27/123456');
  expect(() => formatDocumentNumber('TSCN', '26-27', 1)).toThrow(
    'document number TSCN/26-27/000001 breaks Rule 46 (16 characters of letters, digits, - and /)',
  );
});

it('refuses a sequence that is not a whole number from 1', () => {
  for (const sequence of [0, -1, 1.5, Number.NaN]) {
    expect(() => formatDocumentNumber('TS', '26-27', sequence)).toThrow(`bad document sequence ${sequence}`);
  }
  expect(formatDocumentNumber('TS', '26-27', 1)).toBe('TS/26-27/000001');
});

it('refuses any character Rule 46 does not allow, wherever it is', () => {
  for (const prefix of [' TS', 'T S', 'TS ', 'T_S', 'TŞ', 'T.S', 'T\nS']) {
    expect(() => formatDocumentNumber(prefix, '26-27', 1)).toThrow(/breaks Rule 46/);
  }
  expect(() => formatDocumentNumber('TS', '26-27 ', 1)).toThrow(/breaks Rule 46/);
  expect(formatDocumentNumber('z9-', '26-27', 1)).toBe('z9-/26-27/000001');
  expect(formatDocumentNumber('Z/-', '26-27', 1)).toBe('Z/-/26-27/000001');
});
