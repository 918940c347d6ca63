import { messages, type SubscribeResponse } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { GatewayRejectedError, GatewayUnavailableError, openEndedTotalCount } from '../../payments/gateway.js';
import { findPlanForSale, type PlanForSale } from '../plans/index.js';
import { coursesInInstalments } from './courses-in-instalments.js';
import { gatewayPeriodOf, gatewayPlanFor } from './gateway-plan-for.js';
import { ownsCourse } from './instalments-repo.js';
import { releaseAbandoned } from './release-abandoned.js';
import { deleteUnmadeSubscription, insertLiveSubscription, setGatewaySubscriptionId } from './repo.js';

/**
 * A learner subscribes to a published plan. One live subscription per learner and plan: the row is
 * inserted first under a unique key, so of two requests at once (two tabs) one makes it and the other is
 * refused (409) before anything is asked of the gateway. Then the gateway's plan (once per price version)
 * and its subscription, whose notes carry our ids (the sandbox authorises only the learner named there).
 * A plan with trial days starts charging when they end; the mandate is authorised now.
 */
/**
 * A course in instalments (decision 0038) is not sold to a learner who owns it already, nor a bundle
 * whose every course they own; neither is one with a course they are paying for in other instalments.
 */
async function checkInstalmentsWanted(db: Db, userId: string, plan: PlanForSale): Promise<void> {
  const courseIds = plan.instalmentCourseIds;
  if (courseIds.length === 0) return;
  const owned = await Promise.all(courseIds.map((courseId) => ownsCourse(db, userId, courseId)));
  if (owned.every(Boolean))
    throw new AppError(
      'conflict',
      plan.instalmentBundleId ? messages.bundleInstalmentsOwned : messages.instalmentsCourseOwned,
    );
  if ((await coursesInInstalments(db, userId, courseIds, { exceptPlanId: plan.id })).size > 0)
    throw new AppError(
      'conflict',
      plan.instalmentBundleId ? messages.bundleInInstalments : messages.courseInInstalments,
    );
}

export async function subscribe(
  deps: AppDeps,
  user: SessionUser,
  planId: string,
  now = new Date(),
  options: { disclaimerAccepted?: boolean } = {},
): Promise<SubscribeResponse> {
  const plan = await findPlanForSale(deps.db, planId);
  if (!plan) throw new AppError('not_found', messages.planNotFound);
  await checkInstalmentsWanted(deps.db, user.id, plan);
  const stamp = now.toISOString();
  const id = newId();
  try {
    await releaseAbandoned(deps, user.id, plan.id, now);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw new AppError('unavailable', messages.gatewayUnavailable);
    throw error;
  }
  const made = await insertLiveSubscription(deps.db, {
    id,
    user_id: user.id,
    plan_id: plan.id,
    gateway: deps.gateway.mode,
    amount_paise: plan.pricePaise,
    period: plan.period,
    total_count: plan.totalCount,
    created_at: stamp,
    // The education-only acknowledgement ticked at the checkout; none recorded for a bare `{ planId }`.
    disclaimer_accepted_at: options.disclaimerAccepted === true ? stamp : null,
  });
  if (!made) throw new AppError('conflict', messages.subscriptionExists);
  try {
    const gatewayPlanId = await gatewayPlanFor(deps, plan);
    const { period, interval } = gatewayPeriodOf(plan.period);
    const startAt = plan.trialDays > 0 ? Math.floor(now.getTime() / 1000) + plan.trialDays * 86_400 : undefined;
    const subscription = await deps.gateway.createSubscription({
      gatewayPlanId,
      // Instalments stop after N charges (decision 0038); a membership runs until cancelled.
      totalCount: plan.totalCount ?? openEndedTotalCount(period, interval),
      ...(startAt === undefined ? {} : { startAt }),
      notes: { userId: user.id, subscriptionId: id, planId: plan.id },
      customerNotify: true,
    });
    await setGatewaySubscriptionId(deps.db, id, subscription.id, stamp);
    return {
      ok: true,
      subscriptionId: id,
      gatewaySubscriptionId: subscription.id,
      keyId: deps.gateway.keyId,
      checkoutUrl: deps.gateway.checkoutUrl,
    };
  } catch (error) {
    await deleteUnmadeSubscription(deps.db, id);
    if (error instanceof GatewayUnavailableError) throw new AppError('unavailable', messages.gatewayUnavailable);
    if (error instanceof GatewayRejectedError)
      throw new AppError('bad_request', `${messages.orderCreateFailed}: ${error.message}`);
    throw error;
  }
}
