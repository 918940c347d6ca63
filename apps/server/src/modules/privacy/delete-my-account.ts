import { messages } from '@shop/shared';
import { forgetAuditActorEmail, writeAudit } from '../../audit/write-audit.js';
import { consumeLinkToken, eraseLinkTokensOf, issueLinkToken } from '../../auth/link-tokens.js';
import { verifyPassword } from '../../auth/passwords.js';
import { forgetSessions, revokeUserSessions } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { GatewayUnavailableError } from '../../payments/gateway.js';
import {
  accountLimits,
  anonymiseUser,
  composeDeleteAccountMail,
  enforceLimit,
  findUserById,
  tombstoneEmail,
  type UserRow,
} from '../accounts/index.js';
import { eraseCartOf } from '../cart/personal-data.js';
import { eraseCertificatesOf } from '../certificates/personal-data.js';
import { eraseSeatsOf } from '../cohorts/index.js';
import { anonymisePostsOfMember } from '../community/personal-data.js';
import { eraseProgressOf } from '../learning/personal-data.js';
import { eraseAttendanceOf } from '../live-sessions/personal-data.js';
import { eraseSubscriptionOf } from '../newsletter/personal-data.js';
import { eraseNotesOf } from '../notes/personal-data.js';
import { closeOpenOrdersOf } from '../orders/personal-data.js';
import { erasePlaybackOf } from '../playback/personal-data.js';
import { eraseReviewsOf } from '../reviews/erase-reviews-of.js';
import { endSubscriptionsOf } from '../subscriptions/index.js';

/**
 * Erases the account in one transaction (DPDP Act 2023, right to erasure): sessions, link tokens,
 * memberships (cancelled at the gateway first), cart, reviews, lesson notes, lesson progress, video devices and flags, certificates and the newsletter row of its address go (the reviewed courses' star counts are
 * rewritten in the same transaction, the catalogue cache cleared after it); name and address become
 * a tombstone; orders and tax documents stay (GST law keeps invoices), still pointing at the
 * anonymised row, and the unpaid ones expire (a payment arriving for one later is refunded, decision
 * 0015). The audit log records the learner as the one who did it, under the tombstone address.
 */
async function eraseAccount(
  { db, catalogCache, gateway }: Pick<AppDeps, 'db' | 'catalogCache' | 'gateway'>,
  user: UserRow,
  now: Date,
): Promise<void> {
  // Memberships first, outside the transaction (a gateway call): no mandate goes on charging an erased account.
  try {
    await endSubscriptionsOf({ db, gateway }, user.id, now);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw new AppError('unavailable', messages.gatewayUnavailable);
    throw error;
  }
  await db.transaction().execute(async (trx) => {
    await revokeUserSessions(trx, user.id);
    await eraseCartOf(trx, user.id);
    await eraseReviewsOf(trx, user.id, now);
    await eraseNotesOf(trx, user.id);
    await eraseProgressOf(trx, user.id);
    await erasePlaybackOf(trx, user.id);
    await eraseAttendanceOf(trx, user.id);
    await eraseSeatsOf(trx, user.id);
    await anonymisePostsOfMember(trx, user.id);
    await eraseCertificatesOf(trx, user.id);
    await closeOpenOrdersOf(trx, user.id, now);
    await eraseSubscriptionOf(trx, user.email);
    await anonymiseUser(trx, user.id, now);
    await eraseLinkTokensOf(trx, user.id);
    await forgetAuditActorEmail(trx, user.id, tombstoneEmail(user.id));
    const actor = {
      id: user.id,
      username: `deleted-${user.id}`,
      email: tombstoneEmail(user.id),
      role: user.role,
      sessionId: '',
    };
    await writeAudit(
      trx,
      actor,
      {
        action: 'account.deleted_by_learner',
        entity: 'user',
        entityId: user.id,
        before: null,
        after: { status: 'terminated' },
      },
      now,
    );
  });
  forgetSessions();
  catalogCache.invalidate();
}

/**
 * "Delete my account" in the privacy centre. With a password: the current password confirms and the
 * account is erased at once (attempts limited like a password change). Without one (link or Google
 * only): a 30-minute confirmation link is mailed instead; returns false then.
 */
export async function deleteMyAccount(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail' | 'catalogCache' | 'gateway'>,
  userId: string,
  password: string | undefined,
  ip: string,
  now = new Date(),
): Promise<boolean> {
  const { db, config, mail } = deps;
  const user = await findUserById(db, userId);
  if (user?.status !== 'active') throw new AppError('unauthorized', messages.pleaseLogIn);
  if (!user.password_hash) {
    await enforceLimit(db, `delete-link:${user.id}`, accountLimits.linkPerAddress);
    await enforceLimit(db, `delete-link-ip:${ip}`, accountLimits.linkPerIp);
    const token = await issueLinkToken(db, user.id, 'delete_account', now);
    await mail.send(
      composeDeleteAccountMail(
        { siteName: config.siteName, publicUrl: config.publicUrl },
        user.email,
        user.username,
        token,
      ),
    );
    return false;
  }
  // Nothing typed is not a wrong guess: say what is missing, and count no failed attempt.
  if (!password) {
    throw new AppError('bad_request', messages.deletePasswordRequired, { password: messages.deletePasswordRequired });
  }
  await enforceLimit(db, `password-change:${user.id}`, accountLimits.signInFailures);
  if (!(await verifyPassword(user.password_hash, password, ip))) {
    throw new AppError('bad_request', messages.deletePasswordWrong, { password: messages.deletePasswordWrong });
  }
  await eraseAccount(deps, user, now);
  return true;
}

/** The mailed confirmation link's landing page: the click that erases the account. */
export async function confirmAccountDeletion(
  deps: Pick<AppDeps, 'db' | 'catalogCache' | 'gateway'>,
  token: string,
  now = new Date(),
): Promise<string> {
  const { db } = deps;
  const consumed = await consumeLinkToken(db, token, ['delete_account'], now);
  if (!consumed) throw new AppError('bad_request', messages.deleteLinkInvalid);
  const user = await findUserById(db, consumed.userId);
  if (user?.status !== 'active') throw new AppError('bad_request', messages.deleteLinkInvalid);
  await eraseAccount(deps, user, now);
  return user.id;
}
