import {
  adminAttendanceResponse,
  adminLiveSessionResponse,
  adminLiveSessionsResponse,
  liveSessionsResponse,
  messages,
} from '@shop/shared';
import { errors as joseErrors, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/helpers.js';
import { demoCourseIds, useMembershipShop } from '../../../test/membership-kit.js';
import { hashPassword } from '../../auth/passwords.js';

// Live sessions (issue 35) as the console, a learner's browser and a stranger meet them: scheduling one or
// a weekly series, the audience (a course's learners, a plan's members), the join window on a set clock,
// attendance once per learner, the Jitsi token on a self-hosted server with token auth, the calendar file.
// This file's shop names a self-hosted Jitsi with an app id and secret; the default address is tested on
// the demo shop (live-sessions-demo.test.ts).

const JITSI = {
  url: 'https://meet.tradeskool.example',
  appId: 'tradeskool',
  secret: 'a-jitsi-secret-of-some-length-42',
};

const { t, post, origin, get, setClock, newPlan, learner, admin, member, deliverAll } = useMembershipShop({
  title: 'Live Club',
  settings: () => ({ JITSI_URL: JITSI.url, JITSI_APP_ID: JITSI.appId, JITSI_APP_SECRET: JITSI.secret }),
});
const [c1, c2, c3] = demoCourseIds;
const MINUTE = 60_000;

/** Monday 12 January 2026, 19:00 India time (13:30 UTC): two days after the tests' clock starts. */
const MONDAY_7PM = '2026-01-12T19:00';
const MONDAY_7PM_UTC = Date.UTC(2026, 0, 12, 13, 30);

function sessionForm(fields: object = {}) {
  return {
    title: 'Nifty open: live price action',
    description: 'We read the first hour together.',
    startsAt: MONDAY_7PM,
    durationMinutes: 60,
    audience: { courseId: c1 },
    ...fields,
  };
}

async function scheduled(fields: object = {}, by?: TestUser) {
  const res = await post('/api/admin/live-sessions', by ?? (await admin()), sessionForm(fields));
  expect(res.statusCode, res.body).toBe(201);
  return adminLiveSessionResponse.parse(res.json());
}

/** A learner the console granted the course to. */
async function learnerOf(courseId: string) {
  const user = await learner();
  const granted = await post(`/api/admin/learners/${user.id}/grant`, await admin(), { courseId });
  expect(granted.statusCode, granted.body).toBe(200);
  return user;
}

async function sessionsOf(user: TestUser) {
  const res = await get('/api/live-sessions', user);
  expect(res.statusCode, res.body).toBe(200);
  return liveSessionsResponse.parse(res.json()).sessions;
}

const join = (user: TestUser | null, id: string) => post(`/api/live-sessions/${id}/join`, user, {});
const liveRows = () => t.database.db.selectFrom('live_sessions').select('id').execute();
const attendanceRows = (sessionId: string) =>
  t.database.db.selectFrom('live_attendance').selectAll().where('session_id', '=', sessionId).execute();

describe('the console schedules live sessions', () => {
  it('one session: 201 with its India-time start, a Jitsi room of its own, and an audit entry', async () => {
    const operator = await admin();
    const { session, sessions } = await scheduled({}, operator);
    expect(sessions).toHaveLength(1);
    expect(session).toMatchObject({
      title: 'Nifty open: live price action',
      startsAt: '2026-01-12T19:00:00+05:30',
      endsAt: '2026-01-12T20:00:00+05:30',
      joinOpensAt: '2026-01-12T18:45:00+05:30',
      durationMinutes: 60,
      courseId: c1,
      planId: null,
      cohortId: null,
      meetingKind: 'jitsi',
      attendees: 0,
    });
    expect(Date.parse(session.startsAt)).toBe(MONDAY_7PM_UTC);
    expect(session.meetingUrl).toMatch(new RegExp(`^${JITSI.url}/tradeskool-[0-9a-f]{24}$`));
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'live_session')
      .where('entity_id', '=', session.seriesId)
      .executeTakeFirst();
    expect(audit).toMatchObject({ action: 'live-session.create', actor_id: operator.id });
    const listed = adminLiveSessionsResponse.parse((await get('/api/admin/live-sessions', operator)).json());
    expect(listed.sessions.map((s) => s.id)).toContain(session.id);
  });

  it('a weekly repeat makes one session per chosen day for N weeks, at the same India time, each its own room', async () => {
    const { sessions } = await scheduled({ repeat: { weekdays: ['tue', 4], weeks: 2 } });
    expect(sessions.map((s) => s.startsAt)).toEqual([
      '2026-01-13T19:00:00+05:30',
      '2026-01-15T19:00:00+05:30',
      '2026-01-20T19:00:00+05:30',
      '2026-01-22T19:00:00+05:30',
    ]);
    expect(new Set(sessions.map((s) => s.seriesId)).size).toBe(1);
    expect(new Set(sessions.map((s) => s.meetingUrl)).size).toBe(4);
  });

  it('bad input is refused with a clear message and saves nothing; a learner may not schedule', async () => {
    const operator = await admin();
    const before = (await liveRows()).length;
    const cases: [object, number, string][] = [
      [{ startsAt: '2026-01-09T10:00' }, 400, messages.liveStartInPast],
      [{ startsAt: 'next monday' }, 400, 'the start must be a date and time'],
      [{ durationMinutes: 5 }, 400, 'a session lasts 15 to 480 minutes'],
      [{ meeting: { kind: 'link', url: 'http://zoom.us/j/1' } }, 400, 'https://'],
      [{ repeat: { weekdays: ['someday'], weeks: 2 } }, 400, 'weekdays'],
      [{ repeat: { weekdays: [1], weeks: 53 } }, 400, '52 weeks'],
      [{ audience: { courseId: 'ffffffffffffffffffffffff' } }, 404, messages.liveAudienceNotFound],
      [{ audience: { cohortId: 'ffffffffffffffffffffffff' } }, 404, messages.liveAudienceNotFound],
    ];
    for (const [fields, status, message] of cases) {
      const res = await post('/api/admin/live-sessions', operator, sessionForm(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.body).toContain(message);
    }
    const plainLearner = await learner();
    expect((await post('/api/admin/live-sessions', plainLearner, sessionForm())).statusCode).toBe(403);
    expect((await liveRows()).length).toBe(before);
  });
});

describe('who sees and joins a session', () => {
  it("a course's learners and a plan's members see their sessions, soonest first; a stranger sees none", async () => {
    const plan = await newPlan({ courseIds: [c2] });
    const later = (await scheduled({ startsAt: '2026-01-14T09:15', audience: { courseId: c2 } })).session;
    const sooner = (await scheduled({ startsAt: '2026-01-13T09:15', audience: { planId: plan.id } })).session;
    const other = (await scheduled({ audience: { courseId: c3 } })).session;
    const buyer = await learnerOf(c2);
    const subscriber = await learner();
    await deliverAll((await member(subscriber, plan.id)).webhooks);
    const stranger = await learner();

    expect((await sessionsOf(buyer)).map((s) => s.id)).toEqual(expect.arrayContaining([later.id]));
    expect((await sessionsOf(buyer)).map((s) => s.id)).not.toContain(sooner.id);
    // The member sees the plan's session and the session of a course the plan includes, soonest first.
    const membersView = (await sessionsOf(subscriber)).map((s) => s.id);
    expect(membersView.indexOf(sooner.id)).toBeGreaterThanOrEqual(0);
    expect(membersView.indexOf(sooner.id)).toBeLessThan(membersView.indexOf(later.id));
    expect(membersView).not.toContain(other.id);
    const strangersView = (await sessionsOf(stranger)).map((s) => s.id);
    for (const id of [later.id, sooner.id, other.id]) expect(strangersView).not.toContain(id);
    expect((await t.app.inject({ method: 'GET', url: '/api/live-sessions' })).statusCode).toBe(401);
  });

  it('the join window: 409 with when it opens before, the meeting 15 minutes before the start, 409 after the end', async () => {
    const { session } = await scheduled({ audience: { courseId: c1 } });
    const buyer = await learnerOf(c1);

    setClock(MONDAY_7PM_UTC - 15 * MINUTE - 1000);
    const early = await join(buyer, session.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      ok: false,
      message: messages.liveJoinNotYet,
      joinOpensAt: '2026-01-12T18:45:00+05:30',
    });
    expect((await sessionsOf(buyer)).find((s) => s.id === session.id)?.joinable).toBe(false);
    expect(await attendanceRows(session.id)).toEqual([]);

    setClock(MONDAY_7PM_UTC - 15 * MINUTE);
    expect((await sessionsOf(buyer)).find((s) => s.id === session.id)?.joinable).toBe(true);
    const inside = await join(buyer, session.id);
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json().url.startsWith(`${session.meetingUrl}?jwt=`)).toBe(true);
    setClock(MONDAY_7PM_UTC + 30 * MINUTE);
    expect((await join(buyer, session.id)).statusCode).toBe(200);
    // Attendance once per learner, with the first join's time.
    expect(await attendanceRows(session.id)).toEqual([
      { session_id: session.id, user_id: buyer.id, joined_at: new Date(MONDAY_7PM_UTC - 15 * MINUTE).toISOString() },
    ]);

    setClock(MONDAY_7PM_UTC + 60 * MINUTE);
    const ended = await join(buyer, session.id);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe(messages.liveSessionEnded);
    expect((await sessionsOf(buyer)).map((s) => s.id)).not.toContain(session.id);
  });

  it('outside the audience: 403 and never the room; a visitor 401; an unknown session 404; a foreign origin 403', async () => {
    const { session } = await scheduled({ audience: { courseId: c1 } });
    const room = session.meetingUrl.split('/').pop() ?? '';
    setClock(MONDAY_7PM_UTC);
    const stranger = await learner();
    const refused = await join(stranger, session.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.liveSessionNotForYou);
    const calendar = await get(`/api/live-sessions/${session.id}/calendar.ics`, stranger);
    expect(calendar.statusCode).toBe(403);
    for (const res of [refused, calendar, await get('/api/live-sessions', stranger)])
      expect(res.body).not.toContain(room);
    expect((await join(null, session.id)).statusCode).toBe(401);
    expect((await join(stranger, 'ffffffffffffffffffffffff')).statusCode).toBe(404);
    const buyer = await learnerOf(c1);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/live-sessions/${session.id}/join`,
      headers: { origin: 'https://evil.example', cookie: buyer.cookie },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await attendanceRows(session.id)).toEqual([]);
  });

  it("a self-hosted Jitsi's join link carries a token signed with its secret, naming the learner and the room, good for 10 minutes", async () => {
    const { session } = await scheduled({ audience: { courseId: c1 } });
    const buyer = await learnerOf(c1);
    setClock(MONDAY_7PM_UTC);
    const { url } = (await join(buyer, session.id)).json();
    const token = new URL(url).searchParams.get('jwt') ?? '';
    const room = new URL(url).pathname.slice(1);
    const secret = new TextEncoder().encode(JITSI.secret);
    const { payload } = await jwtVerify(token, secret, {
      issuer: JITSI.appId,
      audience: 'jitsi',
      subject: 'meet.tradeskool.example',
      currentDate: new Date(MONDAY_7PM_UTC + 9 * MINUTE),
    });
    expect(payload).toMatchObject({ room, context: { user: { id: buyer.id, email: buyer.email, moderator: false } } });
    await expect(jwtVerify(token, secret, { currentDate: new Date(MONDAY_7PM_UTC + 11 * MINUTE) })).rejects.toThrow(
      joseErrors.JWTExpired,
    );
    await expect(jwtVerify(token, new TextEncoder().encode('another-secret-of-some-length-42'))).rejects.toThrow(
      joseErrors.JWSSignatureVerificationFailed,
    );
  });

  it("the operator hosts: an admin joins any session inside the window, the token making them the room's moderator", async () => {
    const { session } = await scheduled({ audience: { courseId: c3 } });
    const operator = await admin();
    setClock(MONDAY_7PM_UTC - 30 * MINUTE);
    expect((await join(operator, session.id)).statusCode).toBe(409);
    setClock(MONDAY_7PM_UTC - 10 * MINUTE);
    const hosted = await join(operator, session.id);
    expect(hosted.statusCode, hosted.body).toBe(200);
    const token = new URL(hosted.json().url).searchParams.get('jwt') ?? '';
    const { payload } = await jwtVerify(token, new TextEncoder().encode(JITSI.secret), {
      currentDate: new Date(MONDAY_7PM_UTC - 10 * MINUTE),
    });
    expect(payload).toMatchObject({ context: { user: { id: operator.id, moderator: true } } });
  });

  it('a pasted Zoom or Meet link is given as it is, to the audience only', async () => {
    const zoom = 'https://us02web.zoom.us/j/81234567890?pwd=abc';
    const { session } = await scheduled({ meeting: { kind: 'link', url: zoom } });
    expect(session).toMatchObject({ meetingKind: 'link', meetingUrl: zoom });
    const buyer = await learnerOf(c1);
    setClock(MONDAY_7PM_UTC);
    expect((await join(buyer, session.id)).json()).toEqual({ ok: true, url: zoom });
  });
});

describe('the calendar file', () => {
  it('text/calendar with the UID, start, end and the shop page as URL, never the meeting address', async () => {
    const { session } = await scheduled({ audience: { courseId: c1 } });
    const buyer = await learnerOf(c1);
    const res = await get(`/api/live-sessions/${session.id}/calendar.ics`, buyer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const text = res.body.replace(/\r\n /g, '');
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toMatch(new RegExp(`UID:${session.id}@`));
    expect(text).toContain('DTSTART:20260112T133000Z');
    expect(text).toContain('DTEND:20260112T143000Z');
    expect(text).toMatch(/URL(;VALUE=URI)?:http[^\r\n]*\/dashboard\/live-sessions/);
    expect(text).toContain('SUMMARY:Nifty open: live price action');
    expect(text).not.toContain(session.meetingUrl.split('/').pop() ?? '');
  });
});

describe('the console changes, cancels and reads attendance', () => {
  it('a moved session moves its join window; a cancelled one leaves every list and refuses join (404), its attendance kept', async () => {
    const operator = await admin();
    const { session } = await scheduled({ audience: { courseId: c1 } }, operator);
    const buyer = await learnerOf(c1);
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/live-sessions/${session.id}`,
      headers: { cookie: operator.cookie, origin: origin() },
      payload: { startsAt: '2026-01-12T20:00' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().session.startsAt).toBe('2026-01-12T20:00:00+05:30');
    setClock(MONDAY_7PM_UTC);
    expect((await join(buyer, session.id)).statusCode).toBe(409);
    setClock(MONDAY_7PM_UTC + 50 * MINUTE);
    expect((await join(buyer, session.id)).statusCode).toBe(200);

    const attendance = adminAttendanceResponse.parse(
      (await get(`/api/admin/live-sessions/${session.id}/attendance`, operator)).json(),
    );
    expect(attendance.attendees).toEqual([
      {
        userId: buyer.id,
        name: buyer.username,
        email: buyer.email,
        joinedAt: new Date(MONDAY_7PM_UTC + 50 * MINUTE).toISOString(),
      },
    ]);
    const csv = await get(`/api/admin/live-sessions/${session.id}/attendance?format=csv`, operator);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[0] ?? csv.body.split('\n')[0]).toContain('Joined (IST)');
    expect(csv.body).toContain(`${buyer.email},2026-01-12 19:50:00`);

    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/live-sessions/${session.id}`,
      headers: { cookie: operator.cookie, origin: origin() },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await sessionsOf(buyer)).map((s) => s.id)).not.toContain(session.id);
    const listed = adminLiveSessionsResponse.parse((await get('/api/admin/live-sessions', operator)).json());
    expect(listed.sessions.map((s) => s.id)).not.toContain(session.id);
    expect((await join(buyer, session.id)).statusCode).toBe(404);
    expect((await get(`/api/admin/live-sessions/${session.id}/attendance`, operator)).json().attendees).toHaveLength(1);
    // Per learner too: the console's learner page lists the sessions they joined.
    const learnerPage = await get(`/api/admin/learners/${buyer.id}`, operator);
    expect(learnerPage.json().learner.liveSessionsJoined).toEqual([
      {
        sessionId: session.id,
        title: session.title,
        startsAt: new Date(MONDAY_7PM_UTC + 60 * MINUTE).toISOString(),
        joinedAt: new Date(MONDAY_7PM_UTC + 50 * MINUTE).toISOString(),
      },
    ]);
    const actions = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', session.id)
      .orderBy('created_at')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['live-session.update', 'live-session.cancel']);
  });
});

describe('the privacy centre', () => {
  it('the export lists the sessions the learner joined; deleting the account forgets them', async () => {
    const { session } = await scheduled({ audience: { courseId: c1 } });
    const buyer = await learnerOf(c1);
    setClock(MONDAY_7PM_UTC);
    expect((await join(buyer, session.id)).statusCode).toBe(200);
    const exported = await get('/api/me/export', buyer);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().liveSessionsJoined).toEqual([
      {
        sessionId: session.id,
        title: session.title,
        startsAt: new Date(MONDAY_7PM_UTC).toISOString(),
        joinedAt: new Date(MONDAY_7PM_UTC).toISOString(),
      },
    ]);
    const password = 'a long enough passphrase';
    await t.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', buyer.id)
      .execute();
    expect((await post('/api/me/delete', buyer, { password })).statusCode).toBe(200);
    expect(await attendanceRows(session.id)).toEqual([]);
  });
});
