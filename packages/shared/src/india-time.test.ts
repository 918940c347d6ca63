import { describe, expect, it } from 'vitest';
import {
  financialYear,
  indiaDate,
  indiaDateTime,
  indiaIso,
  indiaMonth,
  indiaMonthBounds,
  indiaWeekday,
} from './india-time.js';

describe('India time', () => {
  it('turns the date at 18:30 UTC, India midnight', () => {
    expect(indiaDate(new Date('2026-03-31T18:29:59Z'))).toBe('2026-03-31');
    expect(indiaDate(new Date('2026-03-31T18:30:00Z'))).toBe('2026-04-01');
    expect(indiaMonth(new Date('2026-04-30T18:30:00Z'))).toBe('2026-05');
    // Sunday 29 November 2026 ends at 18:30 UTC in India.
    expect(indiaWeekday(new Date('2026-11-29T18:29:59Z'))).toBe(0);
    expect(indiaWeekday(new Date('2026-11-29T18:30:00Z'))).toBe(1);
  });

  it('writes an instant as ISO 8601 in India time with its offset (live sessions), the same instant', () => {
    const written = indiaIso(new Date('2026-11-30T18:45:30.250Z'));
    expect(written).toBe('2026-12-01T00:15:30+05:30');
    expect(Date.parse(written)).toBe(Date.parse('2026-11-30T18:45:30Z'));
  });

  it('starts the financial year on 1 April in India', () => {
    expect(financialYear(new Date('2026-03-31T18:29:59Z'))).toBe('25-26');
    expect(financialYear(new Date('2026-03-31T18:30:00Z'))).toBe('26-27');
    expect(financialYear(new Date('2099-12-31T00:00:00Z'))).toBe('99-00');
  });

  it('writes CSV instants in India time and refuses what is not an instant', () => {
    expect(indiaDateTime('2025-01-31T12:00:00.000Z')).toBe('2025-01-31 17:30:00');
    expect(indiaDateTime('')).toBeNull();
    expect(indiaDateTime('not a date')).toBeNull();
  });

  it("bounds a month by India's midnights", () => {
    expect(indiaMonthBounds('2026-04')).toEqual({ from: '2026-03-31T18:30:00.000Z', to: '2026-04-30T18:30:00.000Z' });
    expect(indiaMonthBounds('2026-12')).toEqual({ from: '2026-11-30T18:30:00.000Z', to: '2026-12-31T18:30:00.000Z' });
  });
});
