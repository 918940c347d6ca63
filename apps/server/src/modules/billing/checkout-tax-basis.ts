import type { TaxBasis } from '@shop/shared';
import type { Db } from '../../db/database.js';
import type { TaxSettings } from '../../tax-config.js';
import { currentTaxSettings } from './tax-settings-current.js';

/** The public part of the settings in force that a buyer's total depends on (GET /api/checkout/tax). */
export async function checkoutTaxBasis(db: Db, defaults: TaxSettings): Promise<TaxBasis> {
  return taxBasisOf(await currentTaxSettings(db, defaults));
}

export function taxBasisOf(settings: TaxSettings): TaxBasis {
  const { registered, pricesInclusive, rateBp, stateCode, exports } = settings;
  return { registered, pricesInclusive, rateBp, stateCode, exports };
}
