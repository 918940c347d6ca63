import type { TaxSettings } from '../../tax-config.js';
import type { TaxLine, TaxMode, TaxTotals } from './tax-lines.js';

/**
 * What an issued invoice or credit note says, frozen as JSON when it is issued (CGST Rule 46 for an
 * invoice, Rule 53 for a credit note): later changes to the settings, the course titles or the
 * buyer's profile never alter it, and its PDF is rendered from this alone.
 */
export interface TaxDocumentData {
  version: 1;
  /** `tax-invoice`, `bill-of-supply` (shop not registered) or `credit-note`. */
  title: 'Tax Invoice' | 'Bill of Supply' | 'Credit Note';
  number: string;
  /** Date of issue in India, YYYY-MM-DD. */
  date: string;
  /** The order invoiced; '' on a subscription charge's document, which names `subscriptionCharge` instead. */
  orderId: string;
  /** A membership's charge (decision 0037): the gateway's subscription and payment ids. */
  subscriptionCharge?: { subscriptionId: string; paymentId: string };
  /** The settings' supplier fields as they were at issue (no GSTIN on a bill of supply). */
  supplier: Pick<TaxSettings, 'legalName' | 'tradeName' | 'address' | 'stateCode' | 'stateName' | 'gstin' | 'pan'> & {
    /** The operator's signature image (file name) printed instead of the "computer-generated" line. */
    signature?: string;
  };
  buyer: {
    name: string;
    email: string;
    businessName: string;
    gstin: string;
    pin: string;
    stateCode: string;
    stateName: string;
    /** ISO 3166-1 alpha-2 country of a buyer Outside India (absent on documents issued before). */
    country?: string;
  };
  placeOfSupply: { code: string; name: string };
  reverseCharge: false;
  taxMode: TaxMode;
  /** Half the rate for CGST and SGST, the whole rate for IGST, in basis points. */
  rateBp: number;
  lutReference: string;
  lines: TaxLine[];
  totals: TaxTotals & { inWords: string };
  /** A credit note names the invoice it corrects. */
  against?: { number: string; date: string };
  reason?: string;
}

/** The supplier as an invoice states it: the settings in force at issue, without a GSTIN on a bill of supply. */
export function supplierAtIssue(settings: TaxSettings): TaxDocumentData['supplier'] {
  return {
    legalName: settings.legalName,
    tradeName: settings.tradeName,
    address: settings.address,
    stateCode: settings.stateCode,
    stateName: settings.stateName,
    gstin: settings.registered ? settings.gstin : '',
    pan: settings.pan,
    ...(settings.signature ? { signature: settings.signature } : {}),
  };
}
