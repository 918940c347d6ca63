import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { runArgon } from './argon-queue.js';

/** OWASP's argon2id minimum: 19 MiB of memory, 2 passes, 1 lane. */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** `client` (the caller's IP) is whose turn it is in the argon2 queue (argon-queue.ts). */
export function hashPassword(password: string, client = 'local'): Promise<string> {
  return runArgon(client, () => argon2.hash(password, PASSWORD_HASH_OPTIONS));
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. Without a hash (unknown address, Google-only account) it
 * still verifies against a throw-away hash, so the answer takes as long as for a real account.
 */
export async function verifyPassword(hash: string | null, password: string, client = 'local'): Promise<boolean> {
  if (!hash) {
    dummyHash ??= argon2.hash(randomBytes(16).toString('hex'), PASSWORD_HASH_OPTIONS);
    const dummy = await dummyHash;
    await runArgon(client, () => argon2.verify(dummy, password));
    return false;
  }
  try {
    return await runArgon(client, () => argon2.verify(hash, password));
  } catch {
    // A malformed stored hash is a failed sign-in, never a 500.
    return false;
  }
}

/** True when a hash was made with weaker settings than today's; it is replaced at the next sign-in. */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, PASSWORD_HASH_OPTIONS);
}
