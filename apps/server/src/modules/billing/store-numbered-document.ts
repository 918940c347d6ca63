import { financialYear } from '@shop/shared';
import type { Db } from '../../db/database.js';
import type { TaxDocumentsTable } from '../../db/schema.js';
import { newId } from '../../ids.js';
import { formatDocumentNumber } from './invoice-number.js';
import { nextDocumentNumber, saveDocument } from './repo.js';
import type { TaxDocumentData } from './tax-document.js';

/**
 * Takes the next number of `prefix`'s series in `now`'s financial year, inside the caller's transaction,
 * and stores the document `build` makes with it, for an order or (`subscriptionChargeId`, with `orderId`
 * null) a subscription's charge: one series for both (migration 036). Returns the number.
 */
export async function storeNumberedDocument(
  trx: Db,
  document: {
    orderId: string | null;
    subscriptionChargeId?: string;
    kind: TaxDocumentsTable['kind'];
    prefix: string;
    now: Date;
  },
  build: (number: string) => TaxDocumentData,
): Promise<string> {
  const { orderId, subscriptionChargeId = null, kind, prefix, now } = document;
  const year = financialYear(now);
  const sequence = await nextDocumentNumber(trx, prefix, year);
  const number = formatDocumentNumber(prefix, year, sequence);
  await saveDocument(trx, {
    id: newId(),
    order_id: orderId,
    subscription_charge_id: subscriptionChargeId,
    kind,
    number,
    financial_year: year,
    sequence,
    issued_at: now.toISOString(),
    data: JSON.stringify(build(number)),
  });
  return number;
}
