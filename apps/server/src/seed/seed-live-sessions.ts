import { indiaDate, indiaWeekday } from '@shop/shared';
import type { Db } from '../db/database.js';
import { newRoomName } from '../modules/live-sessions/meeting-link.js';
import { insertMissingSessions } from '../modules/live-sessions/repo.js';
import { demoCourses } from './seed-courses.js';
import { DEMO_PLAN_ID } from './seed-plans.js';

const DAY_MS = 86_400_000;
/** Yesterday's market-open session, whose recording the demo clips job makes (issue 35, recordings). */
export const DEMO_RECORDED_SESSION_ID = '64a1f0c2b7e4d1a2c3e5d003';

/** `hour`:00 India time on the India date `days` after `now`'s, as an instant. */
function indiaTimeOn(now: Date, days: number, hour: number): Date {
  const day = indiaDate(new Date(now.getTime() + days * DAY_MS));
  return new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+05:30`);
}

/**
 * The demo schedule (issue 35), relative to the first start so a newcomer sees it at once: for the Trader's
 * Club members, an open practice room that opens in 10 minutes and the weekday market-open session at
 * 09:00 India time for the next two weeks; for the first course's learners, an evening question time
 * tomorrow; and yesterday's recorded market open (its recording made by the demo clips job). Jitsi rooms on
 * the default server (JITSI_URL).
 */
export async function seedLiveSessions(db: Db, now = new Date()): Promise<void> {
  const stamp = now.toISOString();
  const common = {
    cancelled_at: null,
    created_at: stamp,
    updated_at: stamp,
    meeting_kind: 'jitsi' as const,
    meeting_url: null,
  };
  const forMembers = { course_id: null, plan_id: DEMO_PLAN_ID };
  const practice = {
    ...common,
    ...forMembers,
    id: '64a1f0c2b7e4d1a2c3e5d001',
    series_id: '64a1f0c2b7e4d1a2c3e5d001',
    title: 'Open practice room: read today’s chart together',
    description:
      'Bring a chart you are unsure about; we mark support, resistance and the trade that is (or is not) there.',
    starts_at: new Date(now.getTime() + 10 * 60_000).toISOString(),
    duration_minutes: 240,
    room_name: newRoomName(),
  };
  const weekdays: Date[] = [];
  for (let day = 1; weekdays.length < 10; day += 1) {
    const at = indiaTimeOn(now, day, 9);
    const weekday = indiaWeekday(at);
    if (weekday !== 0 && weekday !== 6) weekdays.push(at);
  }
  const marketOpen = weekdays.map((at, index) => ({
    ...common,
    ...forMembers,
    id: `64a1f0c2b7e4d1a2c3e5d1${String(index).padStart(2, '0')}`,
    series_id: '64a1f0c2b7e4d1a2c3e5d100',
    title: 'Market open: Nifty and Bank Nifty live',
    description: 'The first half hour of the session, read live: gaps, the opening range and what we wait for.',
    starts_at: at.toISOString(),
    duration_minutes: 45,
    room_name: newRoomName(),
  }));
  const firstCourse = demoCourses[0];
  const questions = {
    ...common,
    id: '64a1f0c2b7e4d1a2c3e5d002',
    series_id: '64a1f0c2b7e4d1a2c3e5d002',
    title: `Question time: ${firstCourse?.title ?? 'the course'}`,
    description: 'Ask about any lesson of the course; the answers stay in the course’s recordings later.',
    course_id: (firstCourse?._id as string | undefined) ?? null,
    plan_id: null,
    starts_at: indiaTimeOn(now, 1, 19).toISOString(),
    duration_minutes: 60,
    room_name: newRoomName(),
  };
  // Yesterday's session for the members: the demo clips job gives it a recording, released at once.
  const recorded = {
    ...common,
    ...forMembers,
    id: DEMO_RECORDED_SESSION_ID,
    series_id: DEMO_RECORDED_SESSION_ID,
    title: 'Market open recap: yesterday’s opening range',
    description: 'The opening half hour of yesterday’s session, recorded for the members who missed it.',
    starts_at: indiaTimeOn(now, -1, 9).toISOString(),
    duration_minutes: 45,
    room_name: newRoomName(),
  };
  await insertMissingSessions(db, [practice, ...marketOpen, questions, recorded]);
}
