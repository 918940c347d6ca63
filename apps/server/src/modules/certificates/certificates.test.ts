import { type LearnCourseResponse, myDataExport } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { deleteAccount } from '../../../test/account-flows.js';
import { createSignedInUser, engine, type TestUser } from '../../../test/helpers.js';
import { useShopWithMail } from '../../../test/mail-shop.js';
import { pdfAttachments, pdfText } from '../../../test/pdf.js';
import { refundInFull } from '../../../test/refunds.js';
import { buy } from '../../../test/test-purchases.js';
import { demoCourses } from '../../seed/seed-courses.js';

const course = demoCourses[0];
const courseId = course?._id ?? '';

const { t, smtp } = useShopWithMail();

const origin = () => new URL(t.config.publicUrl).origin;
const as = (user: TestUser | null) => (user ? { cookie: user.cookie } : {});
const get = (url: string, user: TestUser | null = null) => t.app.inject({ url, headers: as(user) });
const complete = (user: TestUser, lessonId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/learn/${courseId}/lessons/${lessonId}/progress`,
    headers: { origin: origin(), ...as(user) },
    payload: { positionSeconds: 0, completed: true },
  });

const post = (url: string, user: TestUser | null, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { origin: origin(), ...as(user) }, payload });
const setName = (user: TestUser, certificateName: string) =>
  post('/api/profile/certificate-name', user, { certificateName });

/** The name the checkout's billing form gave (billing/test-purchases.ts). */
const BILLING_NAME = 'Asha Patel';

/**
 * A buyer of the course and its lesson ids in reading order; `named` (the default) has chosen the name to
 * print in the profile, so their certificate is issued by the completing save.
 */
async function learner({ named = true } = {}) {
  const bought = await buy(t, [courseId]);
  if (named) expect((await setName(bought.user, BILLING_NAME)).statusCode).toBe(200);
  const course = (await get(`/api/learn/${courseId}`, bought.user)).json() as LearnCourseResponse;
  return { ...bought, lessonIds: course.sections.flatMap((section) => section.lessons.map((lesson) => lesson.id)) };
}

/** Completes every lesson but the last, one save each, as the player's 'Mark as complete' does. */
async function completeAllButLast(user: TestUser, lessonIds: string[]) {
  for (const lessonId of lessonIds.slice(0, -1)) {
    const res = await complete(user, lessonId);
    expect(res.statusCode).toBe(200);
    expect(res.json().certificateId).toBeNull();
  }
}

/** The certificate mails the learner received, once the queue holds none for them (a pass under way may have missed it). */
async function certificateMails(email: string) {
  const deadline = Date.now() + 5000;
  const pending = () =>
    t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', email)
      .where('sent_at', 'is', null)
      .execute();
  while ((await pending()).length > 0 && Date.now() < deadline) {
    await t.app.deps.mail.deliverPending();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return smtp.received.filter(
    (mail) => mail.to.includes(email.toLowerCase()) && mail.raw.includes('Subject: Your certificate for'),
  );
}

async function certificateRows(userId: string) {
  return t.database.db.selectFrom('certificates').selectAll().where('user_id', '=', userId).execute();
}

describe(`certificates (${engine})`, () => {
  it('completing the last lesson issues one certificate and mails it once with its PDF; later saves issue nothing more', async () => {
    const { user, lessonIds } = await learner();
    await completeAllButLast(user, lessonIds);
    expect(await certificateRows(user.id)).toEqual([]);

    const last = await complete(user, lessonIds.at(-1) ?? '');
    expect(last.statusCode).toBe(200);
    const id = last.json().certificateId as string;
    expect(id).toMatch(/^[a-z2-7]{16}$/);
    expect(last.json().progress).toMatchObject({ completed: lessonIds.length, total: lessonIds.length, percent: 100 });

    for (const lessonId of lessonIds) expect((await complete(user, lessonId)).json().certificateId).toBe(id);
    expect(await certificateRows(user.id)).toHaveLength(1);

    const mails = await certificateMails(user.email);
    expect(mails).toHaveLength(1);
    const [attached, ...others] = pdfAttachments(mails[0]?.raw ?? '');
    expect(others).toEqual([]);
    expect(attached?.filename).toBe(`certificate-${id}.pdf`);
    const text = await pdfText(attached?.pdf ?? Buffer.alloc(0));
    expect(text).toContain(BILLING_NAME);
    expect(text).not.toContain(user.username);
    expect(text).toContain(course?.title);
    expect(text).toContain(`Instructor: ${course?.instructor}`);
    expect(text).toContain(`Certificate id: ${id}`);
    expect(text).toContain(`${t.config.publicUrl}/certificates/${id}`);

    // The player and the dashboard both name it.
    expect((await get(`/api/learn/${courseId}`, user)).json().certificateId).toBe(id);
    const enrolled = (await get('/api/enrolled-courses', user)).json().courses;
    expect(enrolled.find((entry: { _id: string }) => entry._id === courseId)?.certificateId).toBe(id);
  });

  it('ten saves of the last lesson at once issue one certificate and one mail, all answering its id', async () => {
    const { user, lessonIds } = await learner();
    await completeAllButLast(user, lessonIds);
    const saves = await Promise.all(Array.from({ length: 10 }, () => complete(user, lessonIds.at(-1) ?? '')));
    const ids = new Set(saves.map((res) => res.json().certificateId));
    expect(saves.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    const rows = await certificateRows(user.id);
    expect(rows).toHaveLength(1);
    expect([...ids]).toEqual([rows[0]?.id]);
    expect(await certificateMails(user.email)).toHaveLength(1);
  });

  it('shows anyone who completed what and when, never the e-mail; an unknown or malformed id is a clear 404', async () => {
    const { user, lessonIds } = await learner();
    await completeAllButLast(user, lessonIds);
    const id = (await complete(user, lessonIds.at(-1) ?? '')).json().certificateId as string;
    const [row] = await certificateRows(user.id);

    const res = await get(`/api/certificates/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      certificate: {
        id,
        name: BILLING_NAME,
        courseTitle: course?.title,
        instructor: course?.instructor,
        completedAt: row?.completed_at,
        status: 'valid',
        verifyUrl: `${t.config.publicUrl}/certificates/${id}`,
        replacedBy: null,
      },
    });
    expect(res.body).not.toContain(user.email);
    expect(res.body).not.toContain(user.id);

    for (const unknown of ['abcdefghijklmnop', 'not-a-certificate', `${id}x`]) {
      const missing = await get(`/api/certificates/${unknown}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({
        ok: false,
        message: 'No certificate has this id. Check the address you were given; it may be mistyped.',
      });
    }
  });

  it('gives the PDF to its learner only: another learner is refused (403), a visitor asked to sign in (401)', async () => {
    const { user, lessonIds } = await learner();
    await completeAllButLast(user, lessonIds);
    const id = (await complete(user, lessonIds.at(-1) ?? '')).json().certificateId as string;

    const own = await get(`/api/certificates/${id}/pdf`, user);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe(`attachment; filename="certificate-${id}.pdf"`);
    expect(await pdfText(own.rawPayload)).toContain(`Certificate id: ${id}`);

    const other = await get(`/api/certificates/${id}/pdf`, await createSignedInUser(t.database.db));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Only the learner this certificate was issued to can download it.');
    expect(other.body).not.toContain('%PDF');
    const visitor = await get(`/api/certificates/${id}/pdf`);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain('%PDF');
  });

  it('prints the name the learner set in the profile, and keeps an issued certificate as it was issued', async () => {
    const { user, lessonIds } = await learner({ named: false });
    expect((await get('/api/profile/certificate-name', user)).json()).toEqual({
      ok: true,
      certificateName: null,
      suggestedName: BILLING_NAME,
    });
    const tooLong = await setName(user, 'a'.repeat(81));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('Keep the name to 80 characters or fewer.');
    const named = { ok: true, certificateName: 'अर्जुन शर्मा', suggestedName: 'अर्जुन शर्मा' };
    expect((await setName(user, '  अर्जुन शर्मा ')).json()).toEqual(named);
    expect((await get('/api/profile/certificate-name', user)).json()).toEqual(named);
    expect((await get('/api/profile/certificate-name')).statusCode).toBe(401);

    await completeAllButLast(user, lessonIds);
    const id = (await complete(user, lessonIds.at(-1) ?? '')).json().certificateId as string;
    expect((await setName(user, '')).json()).toEqual({
      ok: true,
      certificateName: null,
      suggestedName: BILLING_NAME,
    });
    expect((await get(`/api/certificates/${id}`)).json().certificate.name).toBe('अर्जुन शर्मा');
  });

  it('is revoked once the enrolment is refunded: the page says so and its PDF is no longer given', async () => {
    const { user, orderId, lessonIds } = await learner();
    await completeAllButLast(user, lessonIds);
    const id = (await complete(user, lessonIds.at(-1) ?? '')).json().certificateId as string;
    expect((await get(`/api/certificates/${id}`)).json().certificate.status).toBe('valid');

    await refundInFull(t, orderId);
    const after = await get(`/api/certificates/${id}`);
    expect(after.statusCode).toBe(200);
    expect(after.json().certificate).toMatchObject({ id, status: 'revoked' });
    const pdf = await get(`/api/certificates/${id}/pdf`, user);
    expect(pdf.statusCode).toBe(403);
    expect(pdf.json().message).toBe(
      'This certificate has been revoked: the enrolment it was issued for is no longer active.',
    );
  });

  it('is in the learner’s data export, and goes with the account when the learner deletes it', async () => {
    const { user, lessonIds } = await learner();
    await completeAllButLast(user, lessonIds);
    const id = (await complete(user, lessonIds.at(-1) ?? '')).json().certificateId as string;
    const [row] = await certificateRows(user.id);
    const exported = myDataExport.parse((await get('/api/me/export', user)).json());
    expect(exported.certificates).toEqual([
      {
        id,
        courseId,
        name: BILLING_NAME,
        courseTitle: course?.title,
        instructor: course?.instructor,
        completedAt: row?.completed_at,
      },
    ]);

    const deleted = await deleteAccount(t, user);
    expect(deleted.json().deleted).toBe(true);
    expect(await certificateRows(user.id)).toEqual([]);
    expect((await get(`/api/certificates/${id}`)).statusCode).toBe(404);
  });
});
