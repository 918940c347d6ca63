import type { GatewayPlanPeriod } from './gateway.js';

/**
 * The end of a billing cycle that starts at `start` (Unix seconds): `interval` periods later, calendar
 * months and years in UTC as Razorpay bills them (a cycle from 31 January ends on the last day of February).
 */
export function cycleEnd(start: number, period: GatewayPlanPeriod, interval: number): number {
  const date = new Date(start * 1000);
  if (period === 'daily' || period === 'weekly') {
    return start + interval * (period === 'daily' ? 1 : 7) * 86_400;
  }
  const months = period === 'monthly' ? interval : interval * 12;
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}
