import type { Db } from '../../db/database.js';
import { findLatestBillingName } from './repo.js';

/** The name the learner gave at their latest checkout, or null: what a certificate form is prefilled with. */
export function billingNameOf(db: Db, userId: string): Promise<string | null> {
  return findLatestBillingName(db, userId);
}
