import { type AdminPlanMembersResponse, paiseToRupees } from '@shop/shared';
import { writeCsv } from '../../csv.js';
import type { Db } from '../../db/database.js';
import { findPlanMembers } from './members-repo.js';
import { findCharges } from './repo.js';

/**
 * The operator's members list of one plan (issue 34): each membership the gateway made, its learner, its
 * state as last read from the gateway, and its captured charges; the lifetime value counts the charges
 * captured minus the ones refunded, in rupees.
 */
export async function listPlanMembers(db: Db, planId: string): Promise<AdminPlanMembersResponse> {
  const rows = await findPlanMembers(db, planId);
  const charges = await findCharges(
    db,
    rows.map((row) => row.id),
  );
  return {
    ok: true,
    members: rows.map((row) => {
      const own = charges.filter((charge) => charge.subscription_id === row.id);
      const keptPaise = own
        .filter((charge) => charge.refunded_at === null)
        .reduce((sum, charge) => sum + Number(charge.amount_paise), 0);
      return {
        subscriptionId: row.id,
        userId: row.user_id,
        name: row.certificate_name ?? row.username,
        email: row.email,
        status: row.status,
        since: row.created_at,
        nextChargeAt: row.next_charge_at,
        cancelAtPeriodEnd: row.cancel_at_period_end === 1,
        lifetimeValue: paiseToRupees(keptPaise),
        charges: own.map((charge) => ({
          paymentId: charge.gateway_payment_id,
          amount: paiseToRupees(charge.amount_paise),
          paidAt: charge.paid_at,
          refundedAt: charge.refunded_at,
        })),
      };
    }),
  };
}

/** The members list as the CSV download: one row per membership, amounts in rupees, times ISO (UTC). */
export function membersCsv(list: AdminPlanMembersResponse): string {
  const header = [
    'subscription',
    'learner',
    'name',
    'e-mail',
    'status',
    'since',
    'next charge',
    'cancels at period end',
    'lifetime value (₹)',
    'charges',
    'refunded charges',
  ];
  const rows = list.members.map((member) => [
    member.subscriptionId,
    member.userId,
    member.name,
    member.email,
    member.status,
    member.since,
    member.nextChargeAt,
    member.cancelAtPeriodEnd ? 'yes' : 'no',
    member.lifetimeValue,
    member.charges.length,
    member.charges.filter((charge) => charge.refundedAt !== null).length,
  ]);
  // As the console's other exports: a formula-looking text is defused with a leading quote.
  return writeCsv(header, rows);
}
