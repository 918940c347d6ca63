import { formatRupees, messages, type Plan, type PlanPeriod } from '@shop/shared';

const per: Record<PlanPeriod, string> = {
  month: messages.planPerMonth,
  quarter: messages.planPerQuarter,
  year: messages.planPerYear,
};
const every: Record<PlanPeriod, string> = {
  month: messages.planEveryMonth,
  quarter: messages.planEveryQuarter,
  year: messages.planEveryYear,
};

/** `per month`, `per quarter`, `per year`: what follows a plan's price. */
export function perPeriod(period: PlanPeriod): string {
  return per[period];
}

/**
 * The mandate in plain words: how much each charge is, how often, and the most the UPI Autopay or card
 * mandate lets us take (a plan's mandate is for its own price and period, never more).
 */
export function mandateLine(plan: Pick<Plan, 'price' | 'period'>): string {
  const price = formatRupees(plan.price);
  return messages.planMandate
    .replaceAll('{price}', price)
    .replace('{every}', every[plan.period])
    .replace('{per}', per[plan.period]);
}

/** The free trial's line, or null for a plan without one. */
export function trialLine(plan: Pick<Plan, 'trialDays'>): string | null {
  return plan.trialDays > 0 ? messages.planTrial.replace('{days}', String(plan.trialDays)) : null;
}
