import { randomBytes } from 'node:crypto';

/** 24 hex characters, the shape of the original site's `_id`s; 96 random bits. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}
