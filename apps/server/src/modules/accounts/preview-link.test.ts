import { describe, expect, it } from 'vitest';
import { maskEmail } from './preview-link.js';

describe('maskEmail', () => {
  it('keeps the first letter of each part and the top-level domain, nothing else', () => {
    expect(maskEmail('racer20@mail.example.com')).toBe('r…@m….com');
    expect(maskEmail('a@b.in')).toBe('a…@b….in');
    expect(maskEmail('someone@localhost')).toBe('s…@l…');
    expect(maskEmail('"odd@name"@x.test')).toBe('"…@x….test');
  });
});
