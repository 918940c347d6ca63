import {
  type AdminLiveSessionResponse,
  type adminLiveSessionInput,
  indiaWeekday,
  type LiveAudience,
  type LiveRepeat,
  messages,
  weekdayNumber,
} from '@shop/shared';
import type { z } from 'zod';
import { changeWithAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { cohortSummary } from '../cohorts/index.js';
import { findCourseRow } from '../courses/index.js';
import { planSummary } from '../plans/index.js';
import { audienceTitle } from './audience.js';
import { newRoomName } from './meeting-link.js';
import { insertSessions } from './repo.js';
import { adminView } from './session-view.js';

const DAY_MS = 86_400_000;

/**
 * The starts of a session and its repeats: the start alone, or every day of the N weeks from the start's
 * day whose weekday is chosen, at the start's India time of day. India keeps one offset all year (no
 * daylight saving), so a day later is always 24 hours later; no calendar library is needed for that.
 */
export function occurrences(start: Date, repeat: LiveRepeat | null): Date[] {
  if (!repeat) return [start];
  const weekdays = new Set(repeat.weekdays.map(weekdayNumber));
  const starts: Date[] = [];
  for (let day = 0; day < repeat.weeks * 7; day += 1) {
    const at = new Date(start.getTime() + day * DAY_MS);
    if (weekdays.has(indiaWeekday(at))) starts.push(at);
  }
  return starts;
}

/**
 * The audience's columns, once the course, membership plan or cohort is known to exist. A cohort's session
 * also names the cohort's course, so it shows where that course's sessions do (the course page, the player).
 */
async function audienceColumns(deps: Pick<AppDeps, 'db'>, audience: LiveAudience) {
  if ('cohortId' in audience) {
    const cohort = await cohortSummary(deps.db, audience.cohortId);
    if (!cohort) throw new AppError('not_found', messages.liveAudienceNotFound);
    return { course_id: cohort.courseId, plan_id: null, cohort_id: cohort.id };
  }
  if ('courseId' in audience) {
    if (!(await findCourseRow(deps.db, audience.courseId)))
      throw new AppError('not_found', messages.liveAudienceNotFound);
    return { course_id: audience.courseId, plan_id: null, cohort_id: null };
  }
  const plan = await planSummary(deps.db, audience.planId);
  // An instalment offer's payers are its course's learners: the session goes to the course instead.
  if (!plan || plan.instalmentCourseId || plan.instalmentBundleId)
    throw new AppError('not_found', messages.liveAudienceNotFound);
  return { course_id: null, plan_id: audience.planId, cohort_id: null };
}

/**
 * The console schedules a session, or a weekly series of them (one row per occurrence, sharing a series
 * id); each Jitsi occurrence gets its own unguessable room. The rows and the audit entry are one transaction.
 */
export async function scheduleSessions(
  deps: Pick<AppDeps, 'db' | 'config'>,
  actor: SessionUser,
  input: z.output<typeof adminLiveSessionInput>,
  now = new Date(),
): Promise<AdminLiveSessionResponse> {
  const start = new Date(input.startsAt);
  if (start <= now) throw new AppError('bad_request', messages.liveStartInPast, { startsAt: messages.liveStartInPast });
  const audience = await audienceColumns(deps, input.audience);
  const starts = occurrences(start, input.repeat);
  if (starts.length === 0) {
    const none = 'no chosen weekday falls within the weeks given';
    throw new AppError('bad_request', none, { repeat: none });
  }
  const seriesId = newId();
  const stamp = now.toISOString();
  const rows = starts.map((at) => ({
    id: newId(),
    series_id: seriesId,
    title: input.title,
    description: input.description,
    starts_at: at.toISOString(),
    duration_minutes: input.durationMinutes,
    ...audience,
    meeting_kind: input.meeting.kind,
    room_name: input.meeting.kind === 'jitsi' ? newRoomName() : null,
    meeting_url: input.meeting.kind === 'link' ? input.meeting.url : null,
    cancelled_at: null,
    recording_release_at: null,
    created_at: stamp,
    updated_at: stamp,
  }));
  await changeWithAudit(
    deps.db,
    actor,
    (trx) => insertSessions(trx, rows),
    {
      action: 'live-session.create',
      entity: 'live_session',
      entityId: seriesId,
      before: null,
      after: { ...input, occurrences: rows.length },
    },
    now,
  );
  const title = await audienceTitle(deps.db, audience);
  const sessions = rows.map((row) => adminView(row, title, 0, deps.config.jitsi));
  const [first] = sessions;
  if (!first) throw new Error('a schedule without a session');
  return { ok: true, session: first, sessions };
}
