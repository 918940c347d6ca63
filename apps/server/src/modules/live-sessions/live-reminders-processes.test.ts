import { spawn } from 'node:child_process';
import path from 'node:path';
import { adminLiveSessionResponse } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createDemoShopApp, createSignedInUser } from '../../../test/helpers.js';
import { shopRequests } from '../../../test/payments-kit.js';
import { collectOutput } from '../../../test/processes.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { remindLiveSessions } from './notify-audience.js';

// The reminders' promise across processes (issue 35): each learner is reminded once whatever the number of
// processes passing at once, and a process killed in the middle of a pass loses no reminder and doubles
// none (each learner's notice row and mail are one transaction). The passes are real processes on the
// test's database (SQLite file or PostgreSQL), each told the instant to pass at.

const t = useTestApp(() => createDemoShopApp());
const { post } = shopRequests(() => t);
const LEARNERS = 60;
const HOUR = 3_600_000;

/** A session starting 20 hours from now for the learners of demo course `n`, with `LEARNERS` new learners (each test its own course). */
async function sessionWithAudience(title: string, n: number) {
  const courseId = demoCourses[n]?._id as string;
  const admin = await createSignedInUser(t.database.db, { role: 'admin' });
  const startsAt = new Date(Date.now() + 20 * HOUR).toISOString();
  const res = await post('/api/admin/live-sessions', admin, {
    title,
    description: '',
    startsAt,
    durationMinutes: 60,
    repeat: null,
    audience: { courseId },
    meeting: { kind: 'jitsi' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const session = adminLiveSessionResponse.parse(res.json()).session;
  const learners: string[] = [];
  for (let n = 0; n < LEARNERS; n += 1) {
    const learner = await createSignedInUser(t.database.db);
    const grant = await post(`/api/admin/learners/${learner.id}/grant`, admin, { courseId });
    expect(grant.statusCode, grant.body).toBe(200);
    learners.push(learner.id);
  }
  return { session, learners };
}

/** A reminders' pass in a process of its own; resolves with the process once it printed `until` (or exited). */
function passInProcess(now: number, extra: Record<string, string> = {}) {
  const db = t.database.config;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'remind-pass.fixture.ts')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: t.config.dataDir,
      WEB_DIST: path.join(t.config.dataDir, 'no-web'),
      DATABASE_URL: db.kind === 'postgres' ? db.url : '',
      REMIND_SQLITE_FILE: db.kind === 'sqlite' ? db.file : '',
      REMIND_NOW: String(now),
      ...extra,
    },
  });
  const output = collectOutput(child);
  const printed = (text: string, seconds = 60) =>
    new Promise<string>((resolve, reject) => {
      const end = Date.now() + seconds * 1000;
      const check = () => {
        if (output().includes(text)) return resolve(output());
        if (child.exitCode !== null) return reject(new Error(`the pass exited (${child.exitCode}): ${output()}`));
        if (Date.now() > end) return reject(new Error(`no "${text}" within ${seconds} s: ${output()}`));
        setTimeout(check, 20);
      };
      check();
    });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, printed, exited };
}

/** Per learner: how many day-before reminders were claimed, and how many reminder mails are queued. */
async function tally(sessionId: string, title: string, learners: string[]) {
  const notices = await t.database.db
    .selectFrom('live_notices')
    .select('user_id')
    .where('session_id', '=', sessionId)
    .where('kind', '=', 'reminder_24h')
    .execute();
  const mails = await t.database.db
    .selectFrom('mail_outbox')
    .innerJoin('users', 'users.email', 'mail_outbox.to_address')
    .select('users.id')
    .where('mail_outbox.subject', 'like', `Tomorrow: ${title}%`)
    .execute();
  const count = (ids: string[]) => learners.map((id) => ids.filter((other) => other === id).length);
  return { notices: count(notices.map((row) => row.user_id)), mails: count(mails.map((row) => row.id)) };
}

describe('reminders across processes', () => {
  it('two processes passing at once remind each learner exactly once between them', async () => {
    const title = 'Two-process expiry review';
    const { session, learners } = await sessionWithAudience(title, 0);
    const now = Date.now();
    const passes = [passInProcess(now), passInProcess(now)];
    const codes = await Promise.all(passes.map((pass) => pass.exited));
    expect(codes, passes.map((pass) => pass.output()).join('\n')).toEqual([0, 0]);
    // Between them the two queued each learner's mail once.
    const queued = passes.map((pass) => Number(/queued (\d+)/.exec(pass.output())?.[1]));
    expect(queued[0] + queued[1]).toBe(LEARNERS);
    const once = learners.map(() => 1);
    expect(await tally(session.id, title, learners)).toEqual({ notices: once, mails: once });
  }, 120_000);

  it('a process killed in the middle of a pass: the next pass reminds the rest, nobody twice', async () => {
    const title = 'Killed-pass expiry review';
    const { session, learners } = await sessionWithAudience(title, 1);
    const now = Date.now();
    const hanging = passInProcess(now, { REMIND_HANG_AFTER: '25' });
    // 25 learners' transactions committed; the 26th is open, its notice claimed and its mail not yet queued.
    await hanging.printed('hanging');
    hanging.child.kill('SIGKILL');
    await hanging.exited;
    const killed = await tally(session.id, title, learners);
    expect(killed.notices.filter((n) => n === 1)).toHaveLength(25);
    expect(killed.mails).toEqual(killed.notices);

    // The next pass (this process, five minutes later) finishes the job.
    await remindLiveSessions(t.app.deps, new Date(now + 5 * 60_000));
    const once = learners.map(() => 1);
    expect(await tally(session.id, title, learners)).toEqual({ notices: once, mails: once });
  }, 120_000);
});
