import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies and e-mailed link tokens alike. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: a leaked table reveals no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
