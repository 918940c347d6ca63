import type { MyDataExport } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { findDisclaimerAcceptances } from './repo.js';

/** What the learner agreed to at checkout, with the order and the moment, for their data export. */
export async function exportConsentsOf(db: Db, userId: string): Promise<MyDataExport['consents']> {
  return (await findDisclaimerAcceptances(db, userId)).map((row) => ({
    kind: 'education-only-disclaimer' as const,
    orderId: row.id,
    givenAt: row.disclaimer_accepted_at ?? '',
  }));
}
