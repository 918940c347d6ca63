import { gstStateName, indiaDate } from '@shop/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { OrdersTable } from '../../db/schema.js';
import type { TaxSettings } from '../../tax-config.js';
import { amountInWords } from './amount-in-words.js';
import { findDocument } from './repo.js';
import { storeNumberedDocument } from './store-numbered-document.js';
import { supplierAtIssue } from './tax-document.js';
import { type TaxMode, taxLines, taxMode, taxTotals } from './tax-lines.js';
import { currentTaxSettings } from './tax-settings-current.js';

/** The order's columns the invoice is made from (the billing details the buyer gave at checkout). */
export type InvoicedOrder = Pick<
  Selectable<OrdersTable>,
  | 'id'
  | 'discount_paise'
  | 'billing_name'
  | 'billing_email'
  | 'billing_state'
  | 'billing_pin'
  | 'billing_business'
  | 'billing_gstin'
  | 'billing_country'
  | 'prices_inclusive'
  | 'tax_rate_bp'
  | 'tax_mode'
>;

/**
 * Issues the tax invoice of an order being marked paid, inside that transaction (issue 16): a payment
 * received is a supply invoiced, so every paid order gets one, including an order refunded at once as
 * unfulfillable, which then gets a credit note (decision 0018). The place of supply is the buyer's
 * state; with none on record it is the shop's own (IGST Act s. 12(2)(b)(ii)). Issuing twice is a no-op.
 * Returns the invoice's number.
 */
export async function issueInvoice(
  trx: Db,
  defaults: TaxSettings,
  order: InvoicedOrder,
  lines: readonly { title: string; unit_price_paise: number }[],
  buyer: { email: string; username: string },
  now: Date,
): Promise<string> {
  const issued = await findDocument(trx, order.id, 'invoice');
  if (issued) return issued.number;
  const settings = await currentTaxSettings(trx, defaults);
  const place = order.billing_state || settings.stateCode;
  // The basis the charge was computed with at checkout (migration 027), so the invoice equals the charge
  // even if the operator changed the settings since; orders placed before it use the settings in force.
  const frozen = order.tax_mode !== null && order.prices_inclusive !== null && order.tax_rate_bp !== null;
  const mode = frozen ? (order.tax_mode as TaxMode) : taxMode(settings, place);
  const basis = frozen
    ? { ...settings, pricesInclusive: order.prices_inclusive === 1, rateBp: order.tax_rate_bp ?? 0 }
    : settings;
  const taxed = taxLines(
    basis,
    mode,
    lines.map((line) => ({ description: line.title, pricePaise: line.unit_price_paise })),
    order.discount_paise,
  );
  const totals = taxTotals(taxed);
  const document = { orderId: order.id, kind: 'invoice' as const, prefix: settings.invoicePrefix, now };
  return storeNumberedDocument(trx, document, (number) => ({
    version: 1,
    title: settings.registered ? 'Tax Invoice' : 'Bill of Supply',
    number,
    date: indiaDate(now),
    orderId: order.id,
    supplier: supplierAtIssue(settings),
    buyer: {
      name: order.billing_name || buyer.username,
      email: order.billing_email || buyer.email,
      businessName: order.billing_business,
      gstin: order.billing_gstin,
      pin: order.billing_pin,
      stateCode: place,
      stateName: gstStateName(place) ?? '',
      ...(order.billing_country ? { country: order.billing_country } : {}),
    },
    placeOfSupply: { code: place, name: gstStateName(place) ?? '' },
    reverseCharge: false,
    taxMode: mode,
    rateBp: mode === 'intra' || mode === 'inter' ? basis.rateBp : 0,
    lutReference: mode === 'lut' ? settings.lutReference : '',
    lines: taxed,
    totals: { ...totals, inWords: amountInWords(totals.totalPaise) },
  }));
}
