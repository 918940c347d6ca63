import { type AdminMemberActionResponse, messages } from '@shop/shared';
import { writeAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { GatewayRejectedError, GatewayUnavailableError } from '../../payments/gateway.js';
import { findSubscriptionForOperator } from './members-repo.js';
import { notifyMembers } from './notify-members.js';
import { ENDED_STATUSES, markCancelAtPeriodEnd, type SubscriptionStatus } from './repo.js';
import { syncFromGateway } from './sync-from-gateway.js';

export type MembershipAction = { kind: 'cancel'; atCycleEnd: boolean } | { kind: 'pause' } | { kind: 'resume' };

/** Which states the gateway accepts each action in, and the refusal otherwise (Razorpay's rules). */
const allowed = (action: MembershipAction, status: SubscriptionStatus) =>
  action.kind === 'pause'
    ? status === 'active'
    : action.kind === 'resume'
      ? status === 'paused'
      : !ENDED_STATUSES.includes(status);
const refusalOf = (action: MembershipAction) =>
  action.kind === 'pause'
    ? messages.subscriptionCannotPause
    : action.kind === 'resume'
      ? messages.subscriptionCannotResume
      : messages.subscriptionCannotCancel;

/**
 * The operator cancels (at once or at the period's end), pauses or resumes a learner's membership (issue 34):
 * the gateway is asked, then its state is read afresh and stored (`syncFromGateway`), so access follows what
 * the gateway holds: paused closes the plan's courses, resumed opens them, cancelled at once closes them at
 * once. A cancelled membership can never come back (Razorpay). Each change writes an audit row.
 */
export async function manageMembership(
  deps: Pick<AppDeps, 'db' | 'gateway' | 'config' | 'mail'>,
  actor: SessionUser,
  id: string,
  action: MembershipAction,
  now = new Date(),
): Promise<AdminMemberActionResponse> {
  const row = await findSubscriptionForOperator(deps.db, id);
  if (!row?.gateway_subscription_id) throw new AppError('not_found', messages.subscriptionNotFound);
  if (!allowed(action, row.status)) throw new AppError('conflict', refusalOf(action));
  const gatewayId = row.gateway_subscription_id;
  try {
    if (action.kind === 'pause') await deps.gateway.pauseSubscription(gatewayId);
    else if (action.kind === 'resume') await deps.gateway.resumeSubscription(gatewayId);
    else await deps.gateway.cancelSubscription(gatewayId, { atCycleEnd: action.atCycleEnd });
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw new AppError('unavailable', messages.gatewayUnavailable);
    if (!(error instanceof GatewayRejectedError)) throw error;
    // Refused: the gateway holds another state than ours (a second operator, a webhook not in yet); store it.
    await syncFromGateway(deps, { id: row.id, gateway_subscription_id: gatewayId }, now);
    throw new AppError('conflict', refusalOf(action));
  }
  if (action.kind === 'cancel' && action.atCycleEnd) await markCancelAtPeriodEnd(deps.db, row.id, now.toISOString());
  await syncFromGateway(deps, { id: row.id, gateway_subscription_id: gatewayId }, now);
  // The member hears of a cancellation (at the period's end or at once) as when they cancel themselves.
  await notifyMembers(deps, gatewayId, now);
  const after = await findSubscriptionForOperator(deps.db, id);
  const status = after?.status ?? row.status;
  const cancelAtPeriodEnd = (after?.cancel_at_period_end ?? row.cancel_at_period_end) === 1;
  await writeAudit(
    deps.db,
    actor,
    {
      action: `subscription.${action.kind}`,
      entity: 'subscription',
      entityId: row.id,
      before: { status: row.status, cancelAtPeriodEnd: row.cancel_at_period_end === 1 },
      after: {
        status,
        cancelAtPeriodEnd,
        ...(action.kind === 'cancel' ? { atCycleEnd: action.atCycleEnd } : {}),
        userId: row.user_id,
      },
    },
    now,
  );
  return { ok: true, subscriptionId: row.id, status, cancelAtPeriodEnd, nextChargeAt: after?.next_charge_at ?? null };
}
