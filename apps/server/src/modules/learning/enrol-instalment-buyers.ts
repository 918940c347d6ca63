import type { AppDeps } from '../../deps.js';
import { grantInstalmentCourses } from '../subscriptions/index.js';
import { grantEnrolment } from './grant-enrolment.js';

/**
 * Enrols the buyers whose instalment subscriptions are complete (decision 0038): the subscriptions module
 * decides, once, that the N-th charge is in, and this module writes the enrolment in that same
 * transaction, so the course stays the buyer's after the subscription has ended. Called after each
 * subscription webhook (that subscription) and by reconciliation (all, asking the gateway for lost charges).
 */
export function enrolInstalmentBuyers(
  deps: Pick<AppDeps, 'db' | 'dbKind' | 'config' | 'gateway'>,
  options: { gatewaySubscriptionId?: string; askGateway?: boolean } = {},
  now = new Date(),
): Promise<number> {
  return grantInstalmentCourses(deps, grantEnrolment, options, now);
}
