import { OUTSIDE_INDIA } from './gst.js';

/**
 * The GST arithmetic of a sale, shared by the checkout page, create-order and the invoice so they cannot
 * disagree by a paisa (issue 16, decision 0018). Pure: every figure in whole paise.
 */

/** The part of the shop's tax settings a buyer's total depends on (public: GET /api/checkout/tax). */
export interface TaxBasis {
  /** Not registered: documents are a "Bill of Supply" without tax lines. */
  registered: boolean;
  /** Prices inclusive of GST (the tax is carved out) or exclusive (the tax is added on top). */
  pricesInclusive: boolean;
  /** Basis points: 1800 is 18 %. */
  rateBp: number;
  /** The shop's GST state code. */
  stateCode: string;
  /** Services to a buyer outside India: IGST charged, or zero-rated under a Letter of Undertaking. */
  exports: 'igst' | 'lut';
}

/**
 * How the tax on one document is split, by place of supply (IGST Act s. 12(2), s. 13; issue 16):
 * `intra` CGST + SGST at half the rate each when the buyer is in the shop's state; `inter` IGST at the
 * full rate for another state, and for a buyer outside India unless the shop exports under a Letter of
 * Undertaking (`lut`, zero-rated); `none` when the shop is not registered (a Bill of Supply).
 */
export type TaxMode = 'intra' | 'inter' | 'lut' | 'none';

export function taxMode(
  settings: Pick<TaxBasis, 'registered' | 'stateCode' | 'exports'>,
  placeOfSupply: string,
): TaxMode {
  if (!settings.registered) return 'none';
  if (placeOfSupply === settings.stateCode) return 'intra';
  if (placeOfSupply === OUTSIDE_INDIA && settings.exports === 'lut') return 'lut';
  return 'inter';
}

export interface TaxLine {
  description: string;
  sac: string;
  /** The line's price before the coupon. */
  pricePaise: number;
  /** The coupon's share of the order's discount. */
  discountPaise: number;
  /** What the buyer pays for this line: taxable value plus its tax. */
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** Rounds a/b half up for non-negative integers, exactly. */
function divideRounded(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/**
 * Shares `discountPaise` over the prices in proportion (largest remainder, earlier lines first on a
 * tie), so each share is whole paise and the shares add up to the discount exactly.
 */
export function shareDiscount(prices: readonly number[], discountPaise: number): number[] {
  const subtotal = prices.reduce((sum, price) => sum + price, 0);
  if (discountPaise < 0 || discountPaise > subtotal) throw new Error('discount outside 0..subtotal');
  if (subtotal === 0) return prices.map(() => 0);
  const exact = prices.map((price, index) => ({
    index,
    floor: Math.floor((price * discountPaise) / subtotal),
    rem: (price * discountPaise) % subtotal,
  }));
  const left = discountPaise - exact.reduce((sum, share) => sum + share.floor, 0);
  // Array.prototype.sort is stable, so lines with equal remainders keep their order: earlier lines first.
  const roundedUp = new Set(
    [...exact]
      .sort((a, b) => b.rem - a.rem)
      .slice(0, left)
      .map((share) => share.index),
  );
  return exact.map((share) => share.floor + (roundedUp.has(share.index) ? 1 : 0));
}

/**
 * Each line's taxable value and tax, rounded per line to the paisa. With prices inclusive of tax (the
 * default) the tax is carved out of what the buyer pays, so the lines add up to the amount charged
 * exactly; CGST and SGST are always equal, the odd paisa staying in the taxable value. With prices
 * exclusive of tax the line's price after its discount share is the taxable value and the tax (each of
 * CGST and SGST rounded on its own, so they stay equal) is added on top.
 */
export function taxLines(
  settings: Pick<TaxBasis, 'pricesInclusive' | 'rateBp'> & { sac: string },
  mode: TaxMode,
  lines: readonly { description: string; pricePaise: number }[],
  discountPaise: number,
): TaxLine[] {
  const shares = shareDiscount(
    lines.map((line) => line.pricePaise),
    discountPaise,
  );
  const rate = settings.rateBp;
  return lines.map((line, index) => {
    const discount = shares[index] ?? 0;
    const base = line.pricePaise - discount;
    const half = rate / 2;
    let cgst = 0;
    let igst = 0;
    let taxable: number;
    if (settings.pricesInclusive) {
      if (mode === 'intra') cgst = divideRounded(base * half, 10_000 + rate);
      if (mode === 'inter') igst = divideRounded(base * rate, 10_000 + rate);
      taxable = base - 2 * cgst - igst;
    } else {
      taxable = base;
      if (mode === 'intra') cgst = divideRounded(base * half, 10_000);
      if (mode === 'inter') igst = divideRounded(base * rate, 10_000);
    }
    return {
      description: line.description,
      sac: settings.sac,
      pricePaise: line.pricePaise,
      discountPaise: discount,
      totalPaise: taxable + 2 * cgst + igst,
      taxablePaise: taxable,
      cgstPaise: cgst,
      sgstPaise: cgst,
      igstPaise: igst,
    };
  });
}

export interface TaxTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export function taxTotals(lines: readonly TaxLine[]): TaxTotals {
  const sum = (pick: (line: TaxLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    taxablePaise: sum((line) => line.taxablePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    totalPaise: sum((line) => line.totalPaise),
  };
}

/** What a buyer pays at checkout: the tax split and the total the gateway charges. */
export interface CheckoutCharge {
  mode: TaxMode;
  /** The GST in the charge: added on top with exclusive prices, carved out of it with inclusive ones. */
  taxPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** The amount charged. With inclusive prices it is the cart's total after the coupon, unchanged. */
  totalPaise: number;
}

/**
 * The amount a buyer from `placeOfSupply` pays for courses at `pricesPaise` with `discountPaise` off:
 * the sum of the invoice's lines (same rounding), so the charge and the invoice are equal.
 */
export function checkoutCharge(
  basis: TaxBasis,
  placeOfSupply: string,
  pricesPaise: readonly number[],
  discountPaise: number,
): CheckoutCharge {
  const mode = taxMode(basis, placeOfSupply || basis.stateCode);
  const totals = taxTotals(
    taxLines(
      // Stryker disable next-line StringLiteral: the charge reads only the lines' figures, never their SAC.
      { ...basis, sac: '' },
      mode,
      // Stryker disable next-line StringLiteral: the charge reads only the lines' figures, never their text.
      pricesPaise.map((pricePaise) => ({ description: '', pricePaise })),
      discountPaise,
    ),
  );
  return {
    mode,
    taxPaise: totals.cgstPaise + totals.sgstPaise + totals.igstPaise,
    cgstPaise: totals.cgstPaise,
    sgstPaise: totals.sgstPaise,
    igstPaise: totals.igstPaise,
    totalPaise: totals.totalPaise,
  };
}
