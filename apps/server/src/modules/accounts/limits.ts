import { tooManyAttemptsMessage } from '@shop/shared';
import { hitLimit, type Limit } from '../../auth/rate-limit.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * security.md: sign-in failures per account and IP; every call that sends mail per address and per IP.
 * The per-IP limits leave room for many people behind one carrier-grade NAT (common on Indian mobile networks).
 */
export const accountLimits = {
  signInFailures: { max: 10, windowMs: 15 * MINUTE },
  /** Password sign-in failures from one IP, whatever the accounts (spraying); generous for shared networks. */
  signInFailuresPerIp: { max: 100, windowMs: 15 * MINUTE },
  /** Failures for one account from any IPs: past `max`, each failure closes the account for a while (below). */
  signInFailuresPerAccount: { max: 10, windowMs: HOUR },
  signUpPerAddress: { max: 3, windowMs: HOUR },
  signUpPerIp: { max: 30, windowMs: HOUR },
  linkPerAddress: { max: 3, windowMs: 15 * MINUTE },
  linkPerIp: { max: 30, windowMs: HOUR },
  /** New verification links mailed when an unverified account tries its password. */
  verificationResend: { max: 3, windowMs: HOUR },
  /** "Download my data" per account: each reads every personal table (attack A7). */
  dataExport: { max: 10, windowMs: HOUR },
} satisfies Record<string, Limit>;

/**
 * After the account's free failures, the n-th failure beyond them closes password sign-in to that
 * account, from every IP, for 2^n seconds (2 s, 4 s, 8 s, …), at most 5 minutes: a few guesses an
 * hour for a botnet, a short wait for the owner, who can always sign in by an e-mailed link.
 */
export function accountDelayMs(failures: number): number {
  const beyond = failures - accountLimits.signInFailuresPerAccount.max;
  if (beyond <= 0) return 0;
  return Math.min(2 ** Math.min(beyond, 20) * 1000, 5 * MINUTE);
}

export class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterMs: number) {
    super('too_many_requests', tooManyAttemptsMessage(retryAfterMs));
  }
}

/** Counts a hit and refuses with 429 'Too many attempts, try again in N minutes' once over the limit. */
export async function enforceLimit(db: Db, key: string, limit: Limit): Promise<void> {
  const result = await hitLimit(db, key, limit);
  if (!result.allowed) throw new TooManyAttemptsError(result.retryAfterMs);
}

/** Counts a hit; says whether it is still within the limit, for work that is skipped silently when over it. */
export async function isWithinLimit(db: Db, key: string, limit: Limit): Promise<boolean> {
  return (await hitLimit(db, key, limit)).allowed;
}
