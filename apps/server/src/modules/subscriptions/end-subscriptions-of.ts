import type { AppDeps } from '../../deps.js';
import { GatewayRejectedError } from '../../payments/gateway.js';
import { applyState, findLiveSubscriptions } from './repo.js';
import { stateOf, syncFromGateway } from './sync-from-gateway.js';

/**
 * Account deletion: every live subscription of the learner is cancelled at the gateway at once, so no
 * mandate goes on charging an erased account, and stored as the gateway answers. One the gateway will not
 * cancel (it ended meanwhile) is read afresh. A gateway that cannot be reached throws: the erasure waits
 * rather than leave a mandate running.
 */
export async function endSubscriptionsOf(
  deps: Pick<AppDeps, 'db' | 'gateway'>,
  userId: string,
  now = new Date(),
): Promise<void> {
  for (const row of await findLiveSubscriptions(deps.db, userId)) {
    if (!row.gateway_subscription_id) continue;
    try {
      const cancelled = await deps.gateway.cancelSubscription(row.gateway_subscription_id, { atCycleEnd: false });
      await applyState(deps.db, row.id, stateOf(cancelled), now.toISOString());
    } catch (error) {
      if (!(error instanceof GatewayRejectedError)) throw error;
      await syncFromGateway(deps, row, now);
    }
  }
}
