import { describe, expect, it } from 'vitest';
import { hashToken, newToken } from './tokens.js';

describe('session and link tokens', () => {
  it('are 256 random bits in URL-safe base64, never the same twice', () => {
    const tokens = new Set(Array.from({ length: 100 }, newToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are kept as the hex SHA-256 of the token, so the hashes stored so far still find their sessions', () => {
    // FIPS 180-2's test vector for "abc".
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
