import { describe, expect, it } from 'vitest';
import { formatDay } from './format-day';

describe('formatDay', () => {
  it('writes the day as dd/mm/yyyy with leading zeros, in the local time zone', () => {
    expect(formatDay(new Date(2025, 0, 5, 12).toISOString())).toBe('05/01/2025');
    expect(formatDay(new Date(2024, 11, 31, 23, 30).toISOString())).toBe('31/12/2024');
  });
});
