import { type AdminLiveSession, type adminLiveSessionPatch, messages } from '@shop/shared';
import type { z } from 'zod';
import { changeWithAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { audienceTitle } from './audience.js';
import { newRoomName } from './meeting-link.js';
import { audienceOf, queueNotices } from './notify-audience.js';
import { countAttendees, findSession, type LiveSessionRow, markCancelled, updateSession } from './repo.js';
import { adminView } from './session-view.js';

async function liveSession(deps: Pick<AppDeps, 'db'>, id: string): Promise<LiveSessionRow> {
  const session = await findSession(deps.db, id);
  if (!session || session.cancelled_at) throw new AppError('not_found', messages.liveSessionNotFound);
  return session;
}

/**
 * The console changes one occurrence: title, description, start (in the future), duration or meeting;
 * audited. A new start is mailed to the audience (once per learner and start), and the reminders follow it.
 */
export async function changeSession(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail'>,
  actor: SessionUser,
  id: string,
  patch: z.output<typeof adminLiveSessionPatch>,
  now = new Date(),
): Promise<AdminLiveSession> {
  const before = await liveSession(deps, id);
  if (patch.startsAt !== undefined && new Date(patch.startsAt) <= now)
    throw new AppError('bad_request', messages.liveStartInPast, { startsAt: messages.liveStartInPast });
  const meeting = patch.meeting;
  const fields = {
    ...(patch.title === undefined ? {} : { title: patch.title }),
    ...(patch.description === undefined ? {} : { description: patch.description }),
    ...(patch.startsAt === undefined ? {} : { starts_at: new Date(patch.startsAt).toISOString() }),
    ...(patch.durationMinutes === undefined ? {} : { duration_minutes: patch.durationMinutes }),
    ...(meeting === undefined
      ? {}
      : {
          meeting_kind: meeting.kind,
          // A room stays the session's own; a session moved to Jitsi gets one.
          room_name: meeting.kind === 'jitsi' ? (before.room_name ?? newRoomName()) : before.room_name,
          meeting_url: meeting.kind === 'link' ? meeting.url : null,
        }),
  };
  const stamp = now.toISOString();
  // A new start is mailed to the audience in the change's own transaction: moved and told, or neither.
  const moved =
    fields.starts_at !== undefined && fields.starts_at !== before.starts_at ? { ...before, ...fields } : null;
  const recipients = moved ? await audienceOf(deps, moved, now) : [];
  let queued = 0;
  await changeWithAudit(
    deps.db,
    actor,
    async (trx) => {
      await updateSession(trx, id, fields, stamp);
      if (moved) queued = await queueNotices(trx, deps, moved, 'moved', recipients, now);
    },
    {
      action: 'live-session.update',
      entity: 'live_session',
      entityId: id,
      before: { title: before.title, startsAt: before.starts_at, durationMinutes: before.duration_minutes },
      after: patch,
    },
    now,
  );
  if (queued > 0) deps.mail.kick();
  const after = await liveSession(deps, id);
  return adminView(after, await audienceTitle(deps.db, after), await countAttendees(deps.db, id), deps.config.jitsi);
}

/**
 * The console cancels one occurrence: it leaves every list and its join and calendar answer 404; attendance
 * is kept. The audience of a session still to come is mailed that it is cancelled.
 */
export async function cancelSession(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail'>,
  actor: SessionUser,
  id: string,
  now = new Date(),
) {
  const before = await liveSession(deps, id);
  // The audience of a session still to come is told in the cancel's own transaction.
  const recipients = new Date(before.starts_at) > now ? await audienceOf(deps, before, now) : [];
  let queued = 0;
  await changeWithAudit(
    deps.db,
    actor,
    async (trx) => {
      await markCancelled(trx, id, now.toISOString());
      queued = await queueNotices(trx, deps, before, 'cancelled', recipients, now);
    },
    {
      action: 'live-session.cancel',
      entity: 'live_session',
      entityId: id,
      before: { title: before.title, startsAt: before.starts_at },
      after: null,
    },
    now,
  );
  if (queued > 0) deps.mail.kick();
}
