import type { LearnCourseResponse } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, engine, type TestUser } from '../../../test/helpers.js';
import { useShopWithMail } from '../../../test/mail-shop.js';
import { pdfText } from '../../../test/pdf.js';
import { buy } from '../../../test/test-purchases.js';
import { demoCourses } from '../../seed/seed-courses.js';

// Issue 32: certificates go out under the learner's full name, asked for before the first one (N2),
// never with hidden or direction-changing characters (L4), and may be re-issued once with a corrected name.
const courseId = demoCourses[0]?._id ?? '';
const { t } = useShopWithMail();
const origin = () => new URL(t.config.publicUrl).origin;
const as = (user: TestUser | null) => (user ? { cookie: user.cookie } : {});
const get = (url: string, user: TestUser | null = null) => t.app.inject({ url, headers: as(user) });
const post = (url: string, user: TestUser | null, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { origin: origin(), ...as(user) }, payload });

/** A buyer (billing name 'Asha Patel') who completed every lesson of the course. */
async function finisher() {
  const { user } = await buy(t, [courseId]);
  const course = (await get(`/api/learn/${courseId}`, user)).json() as LearnCourseResponse;
  let last: { certificateId: string | null } = { certificateId: null };
  for (const section of course.sections) {
    for (const lesson of section.lessons) {
      const res = await post(`/api/learn/${courseId}/lessons/${lesson.id}/progress`, user, {
        positionSeconds: 0,
        completed: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      last = res.json();
    }
  }
  return { user, last };
}

const claim = (user: TestUser, certificateName: string) =>
  post(`/api/learn/${courseId}/certificate`, user, { certificateName });

const HIDDEN = [
  'Warren Buffett \u202eredro',
  'Asha\u200bPatel',
  'Asha \u2066Patel\u2069',
  'Asha\nPatel',
  'Asha\tPatel',
  'As\ufeffha',
  'Asha\u200e Patel',
];

describe(`the name on a certificate (${engine})`, () => {
  it('is asked for before the first certificate, prefilled with the billing name; the username is never printed', async () => {
    const { user, last } = await finisher();
    // Every lesson done, no name chosen: nothing is issued yet; the player asks for the name.
    expect(last.certificateId).toBeNull();
    expect((await get(`/api/learn/${courseId}`, user)).json()).toMatchObject({
      progress: { percent: 100 },
      certificateId: null,
    });
    expect(
      (await t.database.db.selectFrom('certificates').select('id').where('user_id', '=', user.id).execute()).length,
    ).toBe(0);
    expect((await get('/api/profile/certificate-name', user)).json()).toEqual({
      ok: true,
      certificateName: null,
      suggestedName: 'Asha Patel',
    });
    const blank = await claim(user, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Enter the full name to print on your certificate.');
    const issued = await claim(user, ' Asha Patel ');
    expect(issued.statusCode, issued.body).toBe(200);
    const id = issued.json().certificateId as string;
    expect((await get(`/api/certificates/${id}`)).json().certificate).toMatchObject({
      name: 'Asha Patel',
      status: 'valid',
    });
    const pdf = await pdfText((await get(`/api/certificates/${id}/pdf`, user)).rawPayload);
    expect(pdf).toContain('Asha Patel');
    expect(pdf).not.toContain(user.username);
    // Asked again (a second tab): the same certificate, unchanged.
    expect((await claim(user, 'Someone Else')).json().certificateId).toBe(id);
    expect((await get(`/api/certificates/${id}`)).json().certificate.name).toBe('Asha Patel');
  });

  it('is claimed only by a learner who completed the course and owns it', async () => {
    const { user } = await buy(t, [courseId]);
    const early = await claim(user, 'Asha Patel');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Complete every lesson of the course to get its certificate.');
    const stranger = await createSignedInUser(t.database.db);
    expect((await claim(stranger, 'Asha Patel')).statusCode).toBe(403);
  });

  it('refuses bidirectional overrides, zero-width and control characters, with a field message, wherever a name is taken', async () => {
    const { user } = await finisher();
    const message =
      'The name must be one line of ordinary characters: no line breaks, tabs, control, direction-changing or invisible characters.';
    for (const name of HIDDEN) {
      for (const res of [
        await post('/api/profile/certificate-name', user, { certificateName: name }),
        await claim(user, name),
      ]) {
        expect(res.statusCode, JSON.stringify(name)).toBe(400);
        expect(res.json().message).toContain(message);
      }
    }
    expect((await get('/api/profile/certificate-name', user)).json().certificateName).toBeNull();
    // Stored NFC: a decomposed é is kept as the one character.
    const id = (await claim(user, 'Ame\u0301lie Durand')).json().certificateId as string;
    expect((await get(`/api/certificates/${id}`)).json().certificate.name).toBe('Am\u00e9lie Durand');
    for (const name of HIDDEN) {
      const res = await post(`/api/certificates/${id}/reissue`, user, { certificateName: name });
      expect(res.statusCode).toBe(400);
    }
  });

  it('can be corrected once by a re-issue: a new id, an audit row, the old link pointing to the new certificate', async () => {
    const { user } = await finisher();
    const first = (await claim(user, 'Asha Patil')).json().certificateId as string;
    const reissue = (id: string, name: string, caller: TestUser | null = user) =>
      post(`/api/certificates/${id}/reissue`, caller, { certificateName: name });

    expect((await reissue(first, 'Asha Patel', await createSignedInUser(t.database.db))).statusCode).toBe(403);
    expect((await reissue(first, 'Asha Patel', null)).statusCode).toBe(401);
    expect((await reissue(first, 'Asha Patil')).json().message).toBe('This is already the name on the certificate.');

    const res = await reissue(first, 'Asha Patel');
    expect(res.statusCode, res.body).toBe(200);
    const second = res.json().certificateId as string;
    expect(second).toMatch(/^[a-z2-7]{16}$/);
    expect(second).not.toBe(first);

    expect((await get(`/api/certificates/${second}`)).json().certificate).toMatchObject({
      id: second,
      name: 'Asha Patel',
      status: 'valid',
      replacedBy: null,
    });
    expect((await get(`/api/certificates/${first}`)).json().certificate).toMatchObject({
      id: first,
      status: 'replaced',
      replacedBy: second,
      verifyUrl: `${t.config.publicUrl}/certificates/${second}`,
    });
    expect(await pdfText((await get(`/api/certificates/${second}/pdf`, user)).rawPayload)).toContain('Asha Patel');
    // The player and the profile now name the new one.
    expect((await get(`/api/learn/${courseId}`, user)).json().certificateId).toBe(second);
    expect((await get('/api/profile/certificate-name', user)).json().certificateName).toBe('Asha Patel');

    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('actor_id', '=', user.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'certificate.reissued', entity: 'certificate', entity_id: second });
    expect(JSON.parse(audit[0]?.before_json ?? '{}')).toEqual({ id: first, name: 'Asha Patil' });
    expect(JSON.parse(audit[0]?.after_json ?? '{}')).toEqual({ id: second, name: 'Asha Patel' });

    // Once only: neither the new id nor the old one may be re-issued again.
    for (const id of [second, first]) {
      const again = await reissue(id, 'Asha P. Patel');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        'This certificate has already been re-issued once; it cannot be re-issued again.',
      );
    }
  });

  it('is re-issued once under ten concurrent requests', async () => {
    const { user } = await finisher();
    const first = (await claim(user, 'Asha Patil')).json().certificateId as string;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        post(`/api/certificates/${first}/reissue`, user, { certificateName: `Asha Patel ${n}` }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(9);
    expect(
      await t.database.db.selectFrom('audit_log').select('id').where('actor_id', '=', user.id).execute(),
    ).toHaveLength(1);
  });
});
