import type { AppDeps } from '../../deps.js';
import { type ReminderOccasion, renewalReminderMail } from './member-mails.js';
import { claimNotice, renewalsDue } from './member-notices-repo.js';

/** How long before a renewal charge the member is reminded of it. */
export const REMINDER_BEFORE_MS = 3 * 86_400_000;
/** A first charge set at least this long after the checkout was scheduled (a trial), not taken at authorisation. */
const LATER_THAN_CHECKOUT_MS = 3_600_000;

/**
 * The renewal reminder, 3 days before each charge of a live membership not cancelled (a trial's first charge
 * and each instalment too, each in its own words): run by the periodic
 * reconciliation job with the time it runs (tests pass the clock). Each charge date is one occasion, its
 * notice row and its mail written in one transaction, so passes every few minutes, in several processes,
 * remind once per charge. A membership whose next charge is moved (resumed, a new method) is reminded of
 * the new date. Returns how many mails were queued.
 */
export async function remindRenewals(deps: Pick<AppDeps, 'db' | 'config' | 'mail'>, now = new Date()): Promise<number> {
  const site = { publicUrl: deps.config.publicUrl, siteName: deps.config.siteName };
  const due = await renewalsDue(deps.db, now.toISOString(), new Date(now.getTime() + REMINDER_BEFORE_MS).toISOString());
  let queued = 0;
  for (const sub of due) {
    const at = sub.next_charge_at as string;
    // Authorised but not charged yet: remind only of a charge set for later than the checkout (a trial's end, a
    // replacement's start), not of the first charge Razorpay is about to take at authorisation.
    if (sub.status === 'authenticated' && Date.parse(at) - Date.parse(sub.created_at) < LATER_THAN_CHECKOUT_MS)
      continue;
    const occasion: ReminderOccasion =
      sub.total_count !== null
        ? { instalment: sub.paid_count + 1, of: sub.total_count }
        : sub.status === 'authenticated' && sub.replaces_id === null
          ? 'trial_end'
          : 'renewal';
    const to = {
      email: sub.email,
      name: sub.username,
      plan: sub.plan_title,
      subscriptionId: sub.id,
      ...(sub.total_count !== null ? { instalments: sub.total_count } : {}),
    };
    const mail = renewalReminderMail(site, to, { amountPaise: sub.amount_paise, at, occasion });
    const sent = await deps.db.transaction().execute(async (trx) => {
      if (!(await claimNotice(trx, { subscription_id: sub.id, kind: 'renewal_reminder', occasion: at }, now)))
        return false;
      await deps.mail.enqueue(mail, trx, now);
      return true;
    });
    if (sent) queued += 1;
  }
  if (queued > 0) deps.mail.kick();
  return queued;
}
