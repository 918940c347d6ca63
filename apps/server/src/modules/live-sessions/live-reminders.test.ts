import { adminLiveSessionResponse } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/helpers.js';
import { demoCourseIds, useMembershipShop } from '../../../test/membership-kit.js';
import { remindLiveSessions } from './notify-audience.js';

// Live sessions' mails (issue 35): reminders 24 hours and 1 hour before, once each per learner whatever the
// number of passes or processes; a moved or cancelled session mailed to its audience. What the mails say
// (never the meeting's address) is live-mails.test.ts's. The clock is set, never waited for; the mails are
// counted in the outbox.

const { t, post, origin, setClock, newPlan, learner, admin, member, deliverAll } = useMembershipShop({
  title: 'Reminder Club',
});
const [c1, c2] = demoCourseIds;
const HOUR = 3_600_000;
/** Tuesday 13 January 2026, 19:00 India time. */
const START = Date.UTC(2026, 0, 13, 13, 30);

async function scheduled(fields: object) {
  const res = await post('/api/admin/live-sessions', await admin(), {
    title: 'Bank Nifty weekly expiry, live',
    description: '',
    startsAt: '2026-01-13T19:00',
    durationMinutes: 60,
    audience: { courseId: c1 },
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return adminLiveSessionResponse.parse(res.json()).session;
}

async function learnerOf(courseId: string) {
  const user = await learner();
  expect((await post(`/api/admin/learners/${user.id}/grant`, await admin(), { courseId })).statusCode).toBe(200);
  return user;
}

/** The learner's mails about sessions titled `title` (the file's sessions share courses, not titles). */
const mailsTo = async (user: TestUser, title = 'Bank Nifty weekly expiry') =>
  t.database.db
    .selectFrom('mail_outbox')
    .select('subject')
    .where('to_address', '=', user.email)
    .where('subject', 'like', `%${title}%`)
    .orderBy('created_at')
    .execute();
const pass = () => remindLiveSessions(t.app.deps, new Date(Date.now()));

describe('reminders', () => {
  it('24 hours before and 1 hour before, once each however many passes (two at once too); the audience only', async () => {
    const session = await scheduled({ audience: { courseId: c1 } });
    const buyer = await learnerOf(c1);
    const other = await learnerOf(c2);

    setClock(START - 25 * HOUR);
    await pass();
    expect(await mailsTo(buyer)).toEqual([]);

    setClock(START - 23 * HOUR);
    await pass();
    await pass();
    setClock(START - 2 * HOUR);
    await pass();
    expect((await mailsTo(buyer)).map((m) => m.subject)).toEqual([
      'Tomorrow: Bank Nifty weekly expiry, live, live at TradeSkool',
    ]);

    setClock(START - 50 * 60_000);
    // Two processes passing at once still mail once.
    await Promise.all([pass(), pass()]);
    await pass();
    const mails = await mailsTo(buyer);
    expect(mails.map((m) => m.subject)).toEqual([
      'Tomorrow: Bank Nifty weekly expiry, live, live at TradeSkool',
      'In an hour: Bank Nifty weekly expiry, live, live at TradeSkool',
    ]);
    // What they say is live-mails.test.ts's; a mail is made without the meeting's address at all.
    expect(session.meetingUrl).toMatch(/tradeskool-/);
    expect(await mailsTo(other)).toEqual([]);
  });

  it("a plan's members are reminded; a session scheduled less than an hour ahead gets only the hour's reminder", async () => {
    const plan = await newPlan({ courseIds: [c2] });
    const subscriber = await learner();
    await deliverAll((await member(subscriber, plan.id)).webhooks);
    setClock(START - 40 * 60_000);
    await scheduled({ title: 'Midcap momentum, live', audience: { planId: plan.id } });
    await pass();
    expect((await mailsTo(subscriber, 'Midcap')).map((m) => m.subject)).toEqual([
      'In an hour: Midcap momentum, live, live at TradeSkool',
    ]);
  });
});

describe('moved and cancelled', () => {
  it('a moved session mails its new time once and is reminded again for it; a cancelled one mails its audience', async () => {
    const operator = await admin();
    const session = await scheduled({ title: 'Fin Nifty expiry, live', audience: { courseId: c1 } });
    const buyer = await learnerOf(c1);
    setClock(START - 23 * HOUR);
    await pass();
    // The operator moves it a minute later: the mails are listed by when they were queued, and two queued
    // at one instant have no order (PostgreSQL returned them either way).
    setClock(START - 23 * HOUR + 60_000);
    const move = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/live-sessions/${session.id}`,
      headers: { cookie: operator.cookie, origin: origin() },
      payload: { startsAt: '2026-01-13T21:00' },
    });
    expect(move.statusCode, move.body).toBe(200);
    await pass();
    setClock(START + 2 * HOUR - 23 * HOUR);
    await pass();
    const subjects = (await mailsTo(buyer, 'Fin Nifty')).map((m) => m.subject);
    expect(subjects).toEqual([
      'Tomorrow: Fin Nifty expiry, live, live at TradeSkool',
      'New time: Fin Nifty expiry, live, live at TradeSkool',
      // The reminder for the new start: the old one was for the old start.
      'Tomorrow: Fin Nifty expiry, live, live at TradeSkool',
    ]);

    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/live-sessions/${session.id}`,
      headers: { cookie: operator.cookie, origin: origin() },
    });
    expect(cancel.statusCode).toBe(200);
    setClock(START + 90 * 60_000);
    await pass();
    const last = (await mailsTo(buyer, 'Fin Nifty')).map((m) => m.subject);
    expect(last).toHaveLength(4);
    expect(last.filter((subject) => subject.startsWith('Cancelled: '))).toEqual([
      'Cancelled: Fin Nifty expiry, live, live at TradeSkool',
    ]);
  });
});
