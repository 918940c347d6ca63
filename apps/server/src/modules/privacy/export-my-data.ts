import { type MyDataExport, messages } from '@shop/shared';
import { hitLimit } from '../../auth/rate-limit.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { accountLimits, findUserById } from '../accounts/index.js';
import { listMyOrders } from '../billing/list-my-orders.js';
import { exportCartOf } from '../cart/personal-data.js';
import { exportCertificatesOf } from '../certificates/personal-data.js';
import { exportSeatsOf } from '../cohorts/index.js';
import { exportPostsOf } from '../community/personal-data.js';
import { exportEnrolmentsOf, exportProgressOf } from '../learning/personal-data.js';
import { exportAttendanceOf } from '../live-sessions/personal-data.js';
import { exportSubscriptionOf } from '../newsletter/personal-data.js';
import { exportNotesOf } from '../notes/personal-data.js';
import { exportConsentsOf } from '../orders/personal-data.js';
import { exportPlaybackOf } from '../playback/personal-data.js';
import { exportReviewsOf } from '../reviews/export-reviews-of.js';
import { listMySubscriptions } from '../subscriptions/index.js';

/**
 * Each export reads every personal table, so an account gets 10 an hour (counted in the database, so
 * every process of a scaled-out shop counts the same); the 11th answers 429 with when to try again.
 */
export async function enforceExportLimit(db: Db, userId: string, now = new Date()): Promise<void> {
  const hit = await hitLimit(db, `data-export:${userId}`, accountLimits.dataExport, now);
  if (hit.allowed) return;
  const minutes = Math.max(1, Math.ceil(hit.retryAfterMs / 60_000));
  const wait = `${minutes} minute${minutes === 1 ? '' : 's'}`;
  throw new AppError('too_many_requests', messages.dataExportTooMany.replace('{minutes}', wait));
}

/**
 * "Download my data" (DPDP Act 2023, right to information): everything the shop keeps about the
 * learner, each part from its own module. Whitelisted field by field, so a password hash, a token
 * hash or any column added later never slips in. Limited per account (enforceExportLimit).
 */
export async function exportMyData(db: Db, user: SessionUser, now = new Date()): Promise<MyDataExport> {
  await enforceExportLimit(db, user.id, now);
  const row = await findUserById(db, user.id);
  if (!row) throw new AppError('unauthorized', messages.pleaseLogIn);
  const [
    orders,
    enrolments,
    cart,
    newsletter,
    reviews,
    notes,
    certificates,
    progress,
    videoDevices,
    consents,
    members,
    liveSessionsJoined,
    cohorts,
    communityPosts,
  ] = await Promise.all([
    listMyOrders(db, user),
    exportEnrolmentsOf(db, user.id),
    exportCartOf(db, user.id),
    exportSubscriptionOf(db, row.email),
    exportReviewsOf(db, user.id),
    exportNotesOf(db, user.id),
    exportCertificatesOf(db, user.id),
    exportProgressOf(db, user.id),
    exportPlaybackOf(db, user.id),
    exportConsentsOf(db, user.id),
    listMySubscriptions(db, user.id),
    exportAttendanceOf(db, user.id),
    exportSeatsOf(db, user.id),
    exportPostsOf(db, user.id),
  ]);
  return {
    exportedAt: now.toISOString(),
    profile: {
      id: row.id,
      username: row.username,
      email: row.email,
      role: row.role,
      emailVerifiedAt: row.email_verified_at,
      createdAt: row.created_at,
    },
    signInMethods: { password: row.password_hash !== null, emailLink: true, google: row.google_sub !== null },
    orders,
    enrolments,
    cart,
    newsletter,
    reviews,
    notes,
    certificates,
    progress,
    videoDevices,
    consents,
    memberships: members.subscriptions,
    liveSessionsJoined,
    cohorts,
    communityPosts,
    wishlist: 'kept only in your browser',
  };
}
