import type { Db } from '../../db/database.js';
import { findUserById } from './repo.js';

/** Whether the account has a password (else it signs in by mailed link or Google only). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  return Boolean((await findUserById(db, userId))?.password_hash);
}
