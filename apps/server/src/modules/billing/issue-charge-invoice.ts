import { gstStateName, indiaDate } from '@shop/shared';
import type { Db } from '../../db/database.js';
import type { TaxSettings } from '../../tax-config.js';
import { amountInWords } from './amount-in-words.js';
import { findChargeDocument, findLatestBillingDetails, findLearner } from './charge-documents-repo.js';
import { storeNumberedDocument } from './store-numbered-document.js';
import { supplierAtIssue, type TaxDocumentData } from './tax-document.js';
import { taxLines, taxMode, taxTotals } from './tax-lines.js';
import { currentTaxSettings } from './tax-settings-current.js';

/** A membership's captured charge, as the subscriptions module recorded it. */
export interface InvoicedCharge {
  /** `subscription_charges.id`. */
  id: string;
  userId: string;
  gatewaySubscriptionId: string;
  gatewayPaymentId: string;
  amountPaise: number;
  /** From abroad, as the gateway reports the payment. */
  international: boolean;
  /** What was paid for ("Trader's Club membership", "… in 3 monthly payments: payment 2 of 3") and the cycle (India dates are printed). */
  line: string;
  periodStart: Date;
  periodEnd: Date;
}

/**
 * Issues the tax invoice of a membership's captured charge inside the transaction that records the charge
 * (decision 0037, addendum), from the same consecutive series as orders' invoices. The amount charged is
 * the invoice's total, GST included, whatever the shop's price setting (the gateway's plan charged it).
 * The place of supply is the state of the learner's latest billing details, else the shop's own (IGST Act
 * s. 12(2)(b)(ii), as for an order without billing details); "Outside India" counts only for a payment
 * the gateway reports as international (a payment from India is no export). Issuing twice is a no-op.
 * Returns the invoice's number.
 */
export async function issueChargeInvoice(
  trx: Db,
  defaults: TaxSettings,
  charge: InvoicedCharge,
  now: Date,
): Promise<string> {
  const issued = await findChargeDocument(trx, charge.id, 'invoice');
  if (issued) return issued.number;
  const learner = await findLearner(trx, charge.userId);
  const billing = await findLatestBillingDetails(trx, charge.userId);
  const settings = await currentTaxSettings(trx, defaults);
  const abroad = billing?.billing_state === '96';
  const details = billing && (!abroad || charge.international) ? billing : undefined;
  const place = details?.billing_state || settings.stateCode;
  const mode = taxMode(settings, place);
  const description = `${charge.line}, ${indiaDate(charge.periodStart)} to ${indiaDate(charge.periodEnd)}`;
  const lines = taxLines(
    { ...settings, pricesInclusive: true },
    mode,
    [{ description, pricePaise: charge.amountPaise }],
    0,
  );
  const totals = taxTotals(lines);
  const document = {
    orderId: null,
    subscriptionChargeId: charge.id,
    kind: 'invoice' as const,
    prefix: settings.invoicePrefix,
    now,
  };
  return storeNumberedDocument(
    trx,
    document,
    (number): TaxDocumentData => ({
      version: 1,
      title: settings.registered ? 'Tax Invoice' : 'Bill of Supply',
      number,
      date: indiaDate(now),
      orderId: '',
      subscriptionCharge: { subscriptionId: charge.gatewaySubscriptionId, paymentId: charge.gatewayPaymentId },
      supplier: supplierAtIssue(settings),
      buyer: {
        name: details?.billing_name || learner?.username || '',
        email: details?.billing_email || learner?.email || '',
        businessName: details?.billing_business ?? '',
        gstin: details?.billing_gstin ?? '',
        pin: details?.billing_pin ?? '',
        stateCode: place,
        stateName: gstStateName(place) ?? '',
        ...(details?.billing_country ? { country: details.billing_country } : {}),
      },
      placeOfSupply: { code: place, name: gstStateName(place) ?? '' },
      reverseCharge: false,
      taxMode: mode,
      rateBp: mode === 'intra' || mode === 'inter' ? settings.rateBp : 0,
      lutReference: mode === 'lut' ? settings.lutReference : '',
      lines,
      totals: { ...totals, inWords: amountInWords(totals.totalPaise) },
    }),
  );
}
