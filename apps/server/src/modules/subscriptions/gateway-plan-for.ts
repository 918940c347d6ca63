import type { AppDeps } from '../../deps.js';
import { newId } from '../../ids.js';
import type { GatewayPlanPeriod } from '../../payments/gateway.js';
import type { PlanForSale } from '../plans/index.js';
import { findGatewayPlanId, insertGatewayPlan } from './repo.js';

/** A plan's period in the gateway's terms: a quarter is three monthly periods. */
export function gatewayPeriodOf(period: PlanForSale['period']): { period: GatewayPlanPeriod; interval: number } {
  if (period === 'year') return { period: 'yearly', interval: 1 };
  return { period: 'monthly', interval: period === 'quarter' ? 3 : 1 };
}

/**
 * The gateway's plan for the plan's current price version, made the first time it is needed and reused
 * afterwards (Razorpay's plans cannot change: a new price version gets a new one, older subscriptions keep
 * theirs). Two first subscribers at once may both make one; the first recorded is the one used.
 */
export async function gatewayPlanFor(deps: Pick<AppDeps, 'db' | 'gateway'>, plan: PlanForSale): Promise<string> {
  const key = { planId: plan.id, priceVersion: plan.priceVersion, gateway: deps.gateway.mode };
  const known = await findGatewayPlanId(deps.db, key);
  if (known) return known;
  const made = await deps.gateway.createPlan({
    ...gatewayPeriodOf(plan.period),
    amountPaise: plan.pricePaise,
    name: plan.title.slice(0, 100),
    description: plan.title.slice(0, 200),
    notes: { planId: plan.id, priceVersion: String(plan.priceVersion) },
  });
  await insertGatewayPlan(deps.db, {
    id: newId(),
    plan_id: plan.id,
    price_version: plan.priceVersion,
    gateway: deps.gateway.mode,
    gateway_plan_id: made.id,
    created_at: new Date().toISOString(),
  });
  return (await findGatewayPlanId(deps.db, key)) ?? made.id;
}
