import type { AdminCourseStructure, CourseStructureInput, LearnCourseResponse } from '@shop/shared';
import { learnCourseResponse, messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { auditRow, useAdminApp } from '../../../test/admin-app.js';
import { callAs, courseForm } from '../../../test/admin-test-client.js';
import { engine, type TestUser } from '../../../test/helpers.js';
import { buy } from '../../../test/test-purchases.js';

const { t, admin, asAdmin: call } = useAdminApp();

const video = 'https://youtu.be/aqz-KE-bpKQ';

/** A published course with lessons Introduction (video), Pricing (text), and a buyer of it. */
async function courseWithBuyer() {
  const id: string = (
    await call(
      'POST',
      '/api/admin/courses',
      courseForm({
        curriculum: [
          { title: 'Introduction', duration: '10 min', content: 'What an option is.' },
          { title: 'Pricing', duration: '20 min', content: 'How premiums move.' },
        ],
        lessonVideos: [video],
      }),
    )
  ).json().course.id;
  const { user } = await buy(t, [id]);
  return { id, learner: user };
}

const readStructure = async (id: string) => {
  const res = await call('GET', `/api/admin/courses/${id}/structure`);
  expect(res.statusCode).toBe(200);
  return res.json() as AdminCourseStructure & { ok: true };
};

/** The structure read back, in the shape a PUT takes (what the console sends). */
const asInput = (structure: AdminCourseStructure): CourseStructureInput => ({
  sections: structure.sections.map((section) => ({
    id: section.id,
    title: section.title,
    lessons: section.lessons.map(({ hasProgress: _begun, ...lesson }) => lesson),
  })),
});

const publicCurriculum = async (id: string) =>
  ((await t.app.inject({ url: `/api/courses/${id}` })).json().course.curriculum as { title: string }[]).map(
    (item) => item.title,
  );

const learnAs = async (user: TestUser, id: string) =>
  (await t.app.inject({ url: `/api/learn/${id}`, headers: { cookie: user.cookie } })).json() as LearnCourseResponse;

// A linked video lesson completes only once watched (issue 32): on one, `completed: false` begins it.
const saveProgress = (user: TestUser, id: string, lessonId: string, completed = true) =>
  t.app.inject({
    method: 'POST',
    url: `/api/learn/${id}/lessons/${lessonId}/progress`,
    headers: { cookie: user.cookie, origin: new URL(t.config.publicUrl).origin },
    payload: { positionSeconds: 30, completed },
  });

const newLesson = (title: string) => ({
  title,
  kind: 'text' as const,
  duration: '5 min',
  summary: `About ${title}`,
  content: `# ${title}`,
  videoLink: '',
  preview: false,
  fileIds: [],
});

/** courseWithBuyer's course with its structure as read first and its two lessons. */
async function courseWithItsLessons() {
  const { id, learner } = await courseWithBuyer();
  const before = await readStructure(id);
  const [intro, pricing] = before.sections[0]?.lessons ?? [];
  if (!intro || !pricing) throw new Error('two lessons expected');
  return { id, learner, before, intro, pricing };
}

describe(`the console's section editor API (${engine})`, () => {
  it('reads a course as its sections and lessons', async () => {
    const { id } = await courseWithBuyer();
    const structure = await readStructure(id);
    expect(structure.sections).toHaveLength(1);
    expect(structure.sections[0]?.lessons).toMatchObject([
      { title: 'Introduction', kind: 'video', videoLink: video, duration: '10 min', hasProgress: false, fileIds: [] },
      { title: 'Pricing', kind: 'text', videoLink: '', content: 'How premiums move.', hasProgress: false },
    ]);
  });

  it('adds a section and a lesson, reorders, moves a begun lesson to the other section: its id and the learner’s progress stay, and the public curriculum follows at once', async () => {
    const { id, learner, before, intro, pricing } = await courseWithItsLessons();
    expect((await saveProgress(learner, id, pricing.id)).statusCode).toBe(200);
    // The course answer is now cached: the write must clear it.
    expect(await publicCurriculum(id)).toEqual(['Introduction', 'Pricing']);
    expect((await learnAs(learner, id)).progress).toMatchObject({ completed: 1, total: 2 });

    const input = asInput(before);
    const [first] = input.sections;
    if (!first) throw new Error('one section expected');
    const [introInput, pricingInput] = first.lessons;
    input.sections = [
      { ...first, title: 'Basics', lessons: [newLesson('Greeks'), { ...introInput, title: 'Welcome', preview: true }] },
      { title: 'Going further', lessons: [{ ...pricingInput, title: 'Option pricing' }] },
    ] as CourseStructureInput['sections'];
    const res = await call('PUT', `/api/admin/courses/${id}/structure`, input);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as AdminCourseStructure;
    expect(after.sections.map((section) => section.title)).toEqual(['Basics', 'Going further']);
    expect(after.sections[0]?.id).toBe(first.id);
    expect(after.sections[1]?.lessons[0]).toMatchObject({ id: pricing.id, title: 'Option pricing', hasProgress: true });
    expect(after.sections[0]?.lessons[1]).toMatchObject({ id: intro.id, title: 'Welcome', videoLink: video });

    expect(await publicCurriculum(id)).toEqual(['Greeks', 'Welcome', 'Option pricing']);
    const learned = await learnAs(learner, id);
    expect(
      learned.sections.map((section) => section.lessons.map((lesson) => [lesson.title, lesson.completed])),
    ).toEqual([
      [
        ['Greeks', false],
        ['Welcome', false],
      ],
      [['Option pricing', true]],
    ]);
    expect(learned.progress).toMatchObject({ completed: 1, total: 3, lastLessonId: pricing.id });
    const previews = (await t.app.inject({ url: `/api/learn/${id}/previews` })).json();
    expect(previews.lessons.map((lesson: { title: string }) => lesson.title)).toEqual(['Welcome']);

    // The old course fields are derived from the lessons.
    const course = (await call('GET', `/api/admin/courses/${id}`)).json().course;
    expect(course.curriculum.map((item: { title: string }) => item.title)).toEqual([
      'Greeks',
      'Welcome',
      'Option pricing',
    ]);
    expect(course.lessonVideos).toEqual(['', video, '']);
    const audit = await auditRow(t.database.db, id, 'course.structure');
    expect(audit.actor_id).toBe(admin.id);
    expect(JSON.parse(audit.before_json ?? '{}').sections[0].lessons).toHaveLength(2);
    expect(JSON.parse(audit.after_json ?? '{}').sections).toHaveLength(2);

    // A later save of the course's other fields from the edit page (no curriculum sent) leaves the lessons alone.
    const { curriculum: _c, lessonVideos: _v, ...fields } = courseForm({ price: 999 });
    expect((await call('PUT', `/api/admin/courses/${id}`, fields)).statusCode).toBe(200);
    expect((await readStructure(id)).sections).toEqual(after.sections);
  });

  it('attaches course files to a lesson; a new upload goes to the first lesson and a detached file stays detached', async () => {
    const { id, learner } = await courseWithBuyer();
    const upload = async (name: string) =>
      (
        await call('POST', `/api/admin/courses/${id}/files?name=${name}`, Buffer.from('%PDF-1.4\n'), {
          'content-type': 'application/pdf',
        })
      ).json().file.id as string;
    const sheet = await upload('Sheet.pdf');
    const input = asInput(await readStructure(id));
    const lessons = input.sections[0]?.lessons ?? [];
    expect(lessons[0]?.fileIds).toEqual([sheet]);
    lessons[0] = { ...lessons[0], fileIds: [] } as (typeof lessons)[0];
    lessons[1] = { ...lessons[1], fileIds: [sheet] } as (typeof lessons)[0];
    expect((await call('PUT', `/api/admin/courses/${id}/structure`, input)).statusCode).toBe(200);
    const learned = await learnAs(learner, id);
    expect(learned.sections[0]?.lessons.map((lesson) => (lesson.attachments ?? []).map((file) => file.name))).toEqual([
      [],
      ['Sheet.pdf'],
    ]);

    const notes = await upload('Notes.pdf');
    lessons[1] = { ...lessons[1], fileIds: [] } as (typeof lessons)[0];
    expect((await call('PUT', `/api/admin/courses/${id}/structure`, input)).statusCode).toBe(200);
    await upload('Later.pdf');
    const files = (await readStructure(id)).sections[0]?.lessons.map((lesson) => lesson.fileIds.length);
    // Notes.pdf (attached on upload, then left out by the editor) is not put back; Later.pdf goes to lesson 1.
    expect(files).toEqual([1, 0]);
    expect((await readStructure(id)).sections[0]?.lessons[0]?.fileIds).not.toContain(notes);
  });

  it("gives the learner's player empty sections, a lesson's every attachment and their ticks in the contract's shape", async () => {
    const { id, learner, before, intro, pricing } = await courseWithItsLessons();
    const upload = async (name: string) =>
      (
        await call('POST', `/api/admin/courses/${id}/files?name=${name}`, Buffer.from('%PDF-1.4\n'), {
          'content-type': 'application/pdf',
        })
      ).json().file.id as string;
    const [first, second] = [await upload('First.pdf'), await upload(encodeURIComponent('Nifty ₹ sheet.pdf'))];
    const input = asInput(before);
    const [section] = input.sections;
    if (!section) throw new Error('one section expected');
    const [introInput, pricingInput] = section.lessons;
    input.sections = [
      { title: 'Empty at the start', lessons: [] },
      { ...section, lessons: [{ ...introInput, fileIds: [] }] },
      { title: 'Empty between', lessons: [] },
      { title: 'Files', lessons: [{ ...pricingInput, fileIds: [second, first] }] },
      { title: 'Empty at the end', lessons: [] },
    ] as CourseStructureInput['sections'];
    expect((await call('PUT', `/api/admin/courses/${id}/structure`, input)).statusCode).toBe(200);
    expect((await saveProgress(learner, id, pricing.id)).statusCode).toBe(200);

    const learned = await learnAs(learner, id);
    expect(learnCourseResponse.parse(learned)).toEqual(learned);
    expect(learned.sections.map((s) => [s.title, s.lessons.map((lesson) => lesson.id)])).toEqual([
      ['Empty at the start', []],
      [section.title, [intro.id]],
      ['Empty between', []],
      ['Files', [pricing.id]],
      ['Empty at the end', []],
    ]);
    const files = learned.sections[3]?.lessons[0]?.attachments ?? [];
    expect(files.map((file) => file.name)).toEqual(['Nifty ₹ sheet.pdf', 'First.pdf']);
    expect(files[0]?.fileUrl).toContain(`/api/files/${second}?`);
    expect(learned.sections[3]?.lessons[0]).toMatchObject({ completed: true, positionSeconds: 30 });
    expect(learned.sections[1]?.lessons[0]).toMatchObject({ completed: false, positionSeconds: 0, attachments: [] });
    expect(learned.progress).toEqual({
      completed: 1,
      total: 2,
      percent: 50,
      lastLessonId: pricing.id,
      lastPositionSeconds: 30,
    });
  });

  it('refuses to delete a lesson a learner has begun, saying which, and deletes one nobody has begun', async () => {
    const { id, learner, before, intro, pricing } = await courseWithItsLessons();
    expect((await saveProgress(learner, id, intro.id, false)).statusCode).toBe(200);

    const input = asInput(before);
    const withoutIntro = { sections: [{ ...input.sections[0], lessons: input.sections[0]?.lessons.slice(1) }] };
    const refused = await call('PUT', `/api/admin/courses/${id}/structure`, withoutIntro);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.structureLessonHasProgress.replace('{title}', 'Introduction'));
    expect((await readStructure(id)).sections[0]?.lessons.map((lesson) => lesson.id)).toEqual([intro.id, pricing.id]);
    expect((await readStructure(id)).sections[0]?.lessons[0]?.hasProgress).toBe(true);

    const withoutPricing = { sections: [{ ...input.sections[0], lessons: input.sections[0]?.lessons.slice(0, 1) }] };
    expect((await call('PUT', `/api/admin/courses/${id}/structure`, withoutPricing)).statusCode).toBe(200);
    expect(await publicCurriculum(id)).toEqual(['Introduction']);
  });

  it.each([
    ['sections.0.title', (s: CourseStructureInput) => ({ sections: [{ ...s.sections[0], title: ' ' }] })],
    [
      'sections.0.lessons.0.videoLink',
      (s: CourseStructureInput) => ({
        sections: [{ ...s.sections[0], lessons: [{ ...s.sections[0]?.lessons[0], videoLink: 'https://vimeo.com/1' }] }],
      }),
    ],
    [
      'sections.0.lessons.1.kind',
      (s: CourseStructureInput) => ({
        sections: [
          { ...s.sections[0], lessons: [s.sections[0]?.lessons[0], { ...s.sections[0]?.lessons[1], kind: 'quiz' }] },
        ],
      }),
    ],
    [
      'sections.1.lessons.0.id',
      (s: CourseStructureInput) => ({
        sections: [s.sections[0], { title: 'Again', lessons: [s.sections[0]?.lessons[0]] }],
      }),
    ],
    [
      'sections.0.lessons.0.id',
      (s: CourseStructureInput) => ({
        sections: [{ ...s.sections[0], lessons: [{ ...s.sections[0]?.lessons[0], id: 'a'.repeat(24) }] }],
      }),
    ],
    [
      'sections.0.lessons.1.fileIds',
      (s: CourseStructureInput) => ({
        sections: [
          {
            ...s.sections[0],
            lessons: [s.sections[0]?.lessons[0], { ...s.sections[0]?.lessons[1], fileIds: ['b'.repeat(24)] }],
          },
        ],
      }),
    ],
    ['sections.0.id', (s: CourseStructureInput) => ({ sections: [{ ...s.sections[0], id: 'c'.repeat(24) }] })],
  ])('refuses a bad %s with 400 naming the field, and changes nothing', async (field, bad) => {
    const { id } = await courseWithBuyer();
    const before = await readStructure(id);
    const res = await call('PUT', `/api/admin/courses/${id}/structure`, bad(asInput(before)));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty([field]);
    expect(res.json().message).toBe(`${field} ${res.json().fields[field]}`);
    expect(await readStructure(id)).toEqual(before);
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity_id', '=', id)
      .where('action', '=', 'course.structure')
      .execute();
    expect(audits).toHaveLength(0);
  });

  it('takes a course whose lesson texts together pass the 1 MB other calls are held to', async () => {
    const { id } = await courseWithBuyer();
    const long = 'Candles and volume. '.repeat(2_400); // 48,000 characters, under the 50,000 a lesson may hold
    const lessons = Array.from({ length: 40 }, (_, n) => ({ ...newLesson(`Part ${n + 1}`), content: long }));
    const input = asInput(await readStructure(id));
    input.sections.push({ title: 'Reading', lessons });
    expect(JSON.stringify(input).length).toBeGreaterThan(1024 * 1024);
    const res = await call('PUT', `/api/admin/courses/${id}/structure`, input);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect((await readStructure(id)).sections[1]?.lessons).toHaveLength(40);
  });

  it('refuses a lesson of another course, so one course cannot take over another’s lessons', async () => {
    const { id } = await courseWithBuyer();
    const other = await courseWithBuyer();
    const theirs = (await readStructure(other.id)).sections[0]?.lessons[0];
    const input = asInput(await readStructure(id));
    input.sections[0]?.lessons.push({ ...(theirs as AdminCourseStructure['sections'][0]['lessons'][0]) });
    const res = await call('PUT', `/api/admin/courses/${id}/structure`, input);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'sections.0.lessons.2.id': messages.structureUnknownLesson });
    expect((await readStructure(other.id)).sections[0]?.lessons[0]?.id).toBe(theirs?.id);
  });

  it('is for the operator only: a learner gets 403, a visitor 401, another site’s page 403, and nothing changes', async () => {
    const { id, learner } = await courseWithBuyer();
    const before = await readStructure(id);
    const input = { sections: [{ title: 'Taken over', lessons: [newLesson('Spam')] }] };
    const asLearner = callAs(t, learner);
    expect((await asLearner('GET', `/api/admin/courses/${id}/structure`)).statusCode).toBe(403);
    expect((await asLearner('PUT', `/api/admin/courses/${id}/structure`, input)).statusCode).toBe(403);
    expect((await callAs(t, null)('PUT', `/api/admin/courses/${id}/structure`, input)).statusCode).toBe(401);
    const crossSite = await call('PUT', `/api/admin/courses/${id}/structure`, input, {
      origin: 'https://evil.example',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await readStructure(id)).toEqual(before);
    expect((await call('GET', `/api/admin/courses/${'d'.repeat(24)}/structure`)).statusCode).toBe(404);
    // The larger body this call may send is not even read for a caller without a session.
    const unread = await callAs(t, null)('PUT', `/api/admin/courses/${id}/structure`, Buffer.from('{not json'), {
      'content-type': 'application/json',
    });
    expect(unread.statusCode).toBe(401);
  });
});
