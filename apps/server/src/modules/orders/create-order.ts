import { createHash } from 'node:crypto';
import {
  type CheckoutCharge,
  type CreateOrderBody,
  type CreateOrderResponse,
  checkoutCharge,
  messages,
  OUTSIDE_INDIA,
  rupeesToPaise,
  type TaxBasis,
} from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { GatewayRejectedError, GatewayUnavailableError } from '../../payments/gateway.js';
import { checkoutTaxBasis } from '../billing/checkout-tax-basis.js';
import { type PricedCart, priceCart } from '../cart/price-cart.js';
import { type CohortForSale, cohortForSale, titleWithCohort } from '../cohorts/index.js';
import { findUsableCoupon } from '../coupons/find-usable-coupon.js';
import { deleteRedemptionsOf, insertRedemption } from '../coupons/index.js';
import { coursesInInstalments } from '../subscriptions/index.js';
import { fulfilContext } from './fulfil-context.js';
import { fulfilOrder } from './fulfil-order.js';
import { recordOrderEvent } from './order-events.js';
import {
  type BillingColumns,
  findCouponCode,
  findOpenOrders,
  findReusableOrder,
  insertOrder,
  insertOrderBundle,
  insertOrderLine,
  lockRow,
  supersedeOrder,
  updateBilling,
} from './repo.js';
import { settlePaidPendingOrders } from './settle-paid-pending.js';
import { shareBundlePrice } from './share-bundle-price.js';

/** A pending order for the same cart is reused for this long instead of creating another. */
const REUSE_MINUTES = 30;
/** Razorpay's smallest order amount. */
const GATEWAY_MINIMUM_PAISE = 100;

type Body = Required<Pick<CreateOrderBody, 'amount' | 'name' | 'email'>> &
  Pick<
    CreateOrderBody,
    'discountCouponId' | 'state' | 'pin' | 'businessName' | 'gstin' | 'country' | 'disclaimerAccepted'
  >;

/** The cart's prices, the tax basis in force and what the buyer from their state is charged. */
interface Charged extends PricedCart {
  basis: TaxBasis;
  charge: CheckoutCharge;
}

function fingerprint(priced: Charged): string {
  const parts = [
    // The cohort is part of what is bought: switching it makes another order.
    ...priced.lines.map((line) => `${line.id}:${line.price_paise}:${line.cohort_id ?? ''}`),
    ...priced.bundles.map((bundle) => `bundle:${bundle.id}:${bundle.pricePaise}`),
  ].sort();
  // The amount charged (with exclusive prices it depends on the state): a reused order's gateway order has it.
  parts.push(`coupon:${priced.coupon?.id ?? ''}`, `total:${priced.charge.totalPaise}`);
  // Stryker disable next-line StringLiteral: the parts are labelled and the ids of one length, so joined without a separator they stay unambiguous; digest('') gives the same bytes as a Buffer, which SQLite stores and compares alike
  return createHash('sha256').update(parts.join('|')).digest('hex');
}

async function couponCodeFor(deps: AppDeps, couponId: string | null | undefined): Promise<string | null> {
  // Stryker disable next-line ConditionalExpression: without it the lookup of id = null finds no coupon and answers null too
  if (!couponId) return null;
  return findCouponCode(deps.db, couponId);
}

/**
 * Prices the signed-in user's cart from our own prices and coupon, refuses a total that differs from
 * what the buyer saw, reserves the coupon, and opens the gateway order. A free (100 %) order is paid
 * and enrolled at once without the gateway, whose minimum is ₹1.
 */
export async function createOrder(
  deps: AppDeps,
  user: SessionUser,
  body: Body,
  now = new Date(),
): Promise<CreateOrderResponse> {
  const { db, gateway } = deps;
  const couponCode = await couponCodeFor(deps, body.discountCouponId);
  const cart = await priceCart(db, user.id, couponCode, now);
  if (cart.lines.length === 0 && cart.bundles.length === 0)
    throw new AppError('bad_request', messages.cartEmptyAtCheckout);
  if (body.discountCouponId && !cart.coupon) throw new AppError('conflict', messages.couponNoLongerValid);
  // Put in the cart before the learner started paying for it in instalments: they would pay twice.
  const courseIds = [...cart.lines.map((line) => line.id), ...cart.bundles.flatMap((b) => b.courses.map((c) => c.id))];
  if ((await coursesInInstalments(db, user.id, courseIds)).size > 0)
    throw new AppError('conflict', messages.courseInInstalments);
  // A cohort that closed or filled up since the cart was filled is told now, before paying (issue 35); the
  // seat itself is taken when the payment is fulfilled, and a race lost there is refunded (fulfil-order.ts).
  const cohorts = new Map<string, CohortForSale | null>();
  for (const line of cart.lines)
    cohorts.set(line.id, await cohortForSale(db, line.id, line.cohort_id, now, 'conflict'));
  // With prices exclusive of GST the tax is added on top, by the buyer's state, as the checkout page shows it.
  const basis = await checkoutTaxBasis(db, deps.config.tax);
  const priced: Charged = { ...cart, basis, charge: chargeFor(cart, basis, body.state) };
  const total = priced.charge.totalPaise;
  // The gateway takes no payment under ₹1.00; a coupon that leaves 1 to 99 paise is refused, not rounded.
  if (priced.coupon && total > 0 && total < GATEWAY_MINIMUM_PAISE)
    throw new AppError('conflict', messages.couponTotalBelowMinimum);
  if (rupeesToPaise(body.amount) !== total) throw new AppError('conflict', messages.cartTotalChanged);

  try {
    if (await settlePaidPendingOrders(deps, user.id, now)) throw new AppError('conflict', messages.cartTotalChanged);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw new AppError('unavailable', messages.gatewayUnavailable);
    throw error;
  }

  const print = fingerprint(priced);
  const free = total === 0;
  const mode = free ? 'free' : gateway.mode;
  const since = new Date(now.getTime() - REUSE_MINUTES * 60_000).toISOString();
  const pending = await findReusableOrder(db, { userId: user.id, print, mode, since });
  if (pending) {
    // The buyer may have corrected their name, e-mail or billing details since: the invoice takes the latest.
    await updateBilling(db, pending.id, billingColumns(body, priced, now));
    return answer(deps, user, pending.id, pending.gateway_order_id, priced, body, mode, false);
  }

  const orderId = newId();
  let gatewayOrderId: string | null = null;
  if (!free) {
    try {
      const order = await gateway.createOrder({
        amountPaise: total,
        receipt: orderId,
        notes: { orderId, userId: user.id },
      });
      gatewayOrderId = order.id;
    } catch (error) {
      if (error instanceof GatewayUnavailableError) throw new AppError('unavailable', messages.gatewayUnavailable);
      if (error instanceof GatewayRejectedError)
        throw new AppError('bad_request', `${messages.orderCreateFailed}: ${error.message}`);
      throw error;
    }
  }

  const stamp = now.toISOString();
  await db.transaction().execute(async (trx) => {
    if (priced.coupon) {
      // Re-checked under the coupon's lock: of many concurrent orders, only those within its limits keep it.
      // Stryker disable next-line StringLiteral: the mutation run uses SQLite, where lockRow takes no lock (row-locks.test.ts shows the PostgreSQL lock)
      await lockRow(trx, deps.dbKind, 'coupons', priced.coupon.id);
      const still = await findUsableCoupon(trx, priced.coupon.code, user.id, now);
      if (!still) throw new AppError('conflict', messages.couponNoLongerValid);
    }
    // A new cart supersedes the user's other unpaid orders; their coupon reservations are released.
    const superseded = await findOpenOrders(trx, user.id);
    for (const old of superseded) {
      await supersedeOrder(trx, old.id, stamp);
      await deleteRedemptionsOf(trx, old.id);
      await recordOrderEvent(trx, old.id, old.status, 'expired', 'checkout', `superseded by ${orderId}`, now);
    }
    await insertOrder(trx, {
      id: orderId,
      user_id: user.id,
      status: 'created',
      subtotal_paise: priced.totals.subtotal,
      discount_paise: priced.totals.discount,
      total_paise: total,
      coupon_id: priced.coupon?.id ?? null,
      coupon_code: priced.coupon?.code ?? null,
      discount_percent: priced.coupon?.percent ?? 0,
      gateway: mode,
      gateway_order_id: gatewayOrderId,
      cart_fingerprint: print,
      ...billingColumns(body, priced, now),
      created_at: stamp,
      updated_at: stamp,
      paid_at: null,
      refunded_at: null,
    });
    for (const line of priced.lines) {
      await insertOrderLine(trx, {
        id: newId(),
        order_id: orderId,
        course_id: line.id,
        title: titleWithCohort(line.title, cohorts.get(line.id) ?? null),
        unit_price_paise: line.price_paise,
        bundle_id: null,
        cohort_id: cohorts.get(line.id)?.id ?? null,
      });
    }
    // A bundle is one invoice line at its price; each of its courses is a line of its own carrying its share.
    for (const [position, bundle] of priced.bundles.entries()) {
      await insertOrderBundle(trx, {
        position,
        order_id: orderId,
        bundle_id: bundle.id,
        title: bundle.title,
        price_paise: bundle.pricePaise,
      });
      const shares = shareBundlePrice(
        bundle.pricePaise,
        bundle.courses.map((course) => course.pricePaise),
      );
      for (const [index, course] of bundle.courses.entries()) {
        await insertOrderLine(trx, {
          id: newId(),
          order_id: orderId,
          course_id: course.id,
          title: course.title,
          unit_price_paise: shares[index] ?? 0,
          bundle_id: bundle.id,
          cohort_id: null,
        });
      }
    }
    if (priced.coupon) {
      await insertRedemption(trx, { couponId: priced.coupon.id, userId: user.id, orderId, now: stamp });
    }
    await recordOrderEvent(trx, orderId, null, 'created', 'checkout', gatewayOrderId ?? 'free order', now);
  });

  if (free) {
    await fulfilOrder(fulfilContext(deps), orderId, null, 'free', now);
  }
  return answer(deps, user, orderId, gatewayOrderId, priced, body, mode, free);
}

function chargeFor(cart: PricedCart, basis: TaxBasis, state: string | undefined): CheckoutCharge {
  return checkoutCharge(
    basis,
    state ?? '',
    // One invoice line per course sold alone, then one per bundle, as findInvoiceLines reads them back.
    [...cart.lines.map((line) => line.price_paise), ...cart.bundles.map((bundle) => bundle.pricePaise)],
    cart.totals.discount,
  );
}

function billingColumns(body: Body, priced: Charged, now: Date): BillingColumns {
  return {
    billing_name: body.name,
    billing_email: body.email,
    billing_state: body.state ?? '',
    billing_pin: body.state === OUTSIDE_INDIA ? '' : (body.pin ?? ''),
    billing_business: body.businessName ?? '',
    billing_gstin: body.gstin ?? '',
    // The export claim's country, checked against the payment at fulfilment (export-claim.ts).
    billing_country: body.state === OUTSIDE_INDIA ? (body.country ?? '') : '',
    disclaimer_accepted_at: body.disclaimerAccepted ? now.toISOString() : null,
    prices_inclusive: priced.basis.pricesInclusive ? 1 : 0,
    tax_rate_bp: priced.charge.mode === 'intra' || priced.charge.mode === 'inter' ? priced.basis.rateBp : 0,
    tax_mode: priced.charge.mode,
    tax_paise: priced.charge.taxPaise,
  };
}

function answer(
  deps: AppDeps,
  user: SessionUser,
  orderId: string,
  gatewayOrderId: string | null,
  priced: Charged,
  body: Body,
  mode: string,
  paid: boolean,
): CreateOrderResponse {
  return {
    ok: true,
    order_id: gatewayOrderId,
    amount: priced.charge.totalPaise,
    name: body.name,
    email: body.email,
    validDiscount: priced.totals.discount / 100,
    discountCouponId: priced.coupon?.id ?? null,
    courseId: [
      ...priced.lines.map((line) => line.id),
      ...priced.bundles.flatMap((bundle) => bundle.courses.map((course) => course.id)),
    ].join(','),
    userId: user.id,
    currency: 'INR',
    key_id: deps.gateway.keyId,
    orderId,
    checkoutUrl: deps.gateway.checkoutUrl,
    mode,
    paid,
  };
}
