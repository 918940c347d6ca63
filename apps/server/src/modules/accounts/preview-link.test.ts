import { describe, expect, it } from 'vitest';
import { maskEmail } from './preview-link.js';

describe('maskEmail', () => {
  it('keeps the whole domain and the first letters of the name (at most three, at most half of it)', () => {
    expect(maskEmail('racer20@mail.example.com')).toBe('rac…@mail.example.com');
    expect(maskEmail('asha.laptop.mx01@example.test')).toBe('ash…@example.test');
    expect(maskEmail('abcd@b.in')).toBe('ab…@b.in');
    expect(maskEmail('a@b.in')).toBe('a…@b.in');
    expect(maskEmail('someone@localhost')).toBe('som…@localhost');
    expect(maskEmail('"odd@name"@x.test')).toBe('"od…@x.test');
  });
});
