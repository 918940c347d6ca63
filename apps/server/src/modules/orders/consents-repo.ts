import type { Db } from '../../db/database.js';

/** The learner's orders whose checkout carried the "Education only" acknowledgement, oldest first. */
export function findDisclaimerAcceptances(db: Db, userId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'disclaimer_accepted_at'])
    .where('user_id', '=', userId)
    .where('disclaimer_accepted_at', 'is not', null)
    .orderBy('disclaimer_accepted_at')
    .orderBy('id')
    .execute();
}
