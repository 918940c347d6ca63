import {
  courseNotesResponse,
  type LearnCourseResponse,
  messages,
  myDataExport,
  NOTES_PER_COURSE_MAX,
} from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { deleteAccount } from '../../../test/account-flows.js';
import { createSeededTestApp, createSignedInUser, engine, type TestUser } from '../../../test/helpers.js';
import { refundInFull } from '../../../test/refunds.js';
import { buy } from '../../../test/test-purchases.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { newId } from '../../ids.js';
import { demoCourses } from '../../seed/seed-courses.js';

const courseId = demoCourses[0]?._id ?? '';
const otherCourseId = demoCourses[1]?._id ?? '';

const t = useTestApp(createSeededTestApp);

const origin = () => new URL(t.config.publicUrl).origin;
const headers = (user: TestUser | null) => ({ origin: origin(), ...(user ? { cookie: user.cookie } : {}) });
const listNotes = (user: TestUser | null, id = courseId) =>
  t.app.inject({ url: `/api/learn/${id}/notes`, headers: headers(user) });
const exportNotes = (user: TestUser | null, id = courseId) =>
  t.app.inject({ url: `/api/learn/${id}/notes.md`, headers: headers(user) });
const addNote = (user: TestUser | null, lessonId: string, payload: object, id = courseId) =>
  t.app.inject({ method: 'POST', url: `/api/learn/${id}/lessons/${lessonId}/notes`, headers: headers(user), payload });
const editNote = (user: TestUser | null, noteId: string, payload: object, id = courseId) =>
  t.app.inject({ method: 'PATCH', url: `/api/learn/${id}/notes/${noteId}`, headers: headers(user), payload });
const removeNote = (user: TestUser | null, noteId: string, id = courseId) =>
  t.app.inject({ method: 'DELETE', url: `/api/learn/${id}/notes/${noteId}`, headers: headers(user) });
const notesOf = async (user: TestUser, id = courseId) => {
  const res = await listNotes(user, id);
  expect(res.statusCode, res.body).toBe(200);
  return courseNotesResponse.parse(res.json()).notes;
};

async function owner(id = courseId) {
  const bought = await buy(t, [id]);
  const res = await t.app.inject({ url: `/api/learn/${id}`, headers: { cookie: bought.user.cookie } });
  expect(res.statusCode).toBe(200);
  const course = res.json() as LearnCourseResponse;
  return { ...bought, lessons: course.sections.flatMap((section) => section.lessons), title: course.course.title };
}

describe(`lesson notes (${engine})`, () => {
  it('a learner writes notes with and without a time, sees them in course order, edits and deletes them', async () => {
    const { user, lessons } = await owner();
    const [first, second] = [lessons[0]?.id ?? '', lessons[1]?.id ?? ''];

    const late = await addNote(user, second, { text: '  Check the open interest.  ', positionSeconds: 205 });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({
      ok: true,
      message: messages.noteSaved,
      note: { lessonId: second, positionSeconds: 205, text: 'Check the open interest.' },
    });
    expect((await addNote(user, first, { text: 'At 1:30 the gap', positionSeconds: 90 })).statusCode).toBe(200);
    expect((await addNote(user, first, { text: 'Untimed: read the checklist' })).statusCode).toBe(200);
    expect((await addNote(user, first, { text: 'At 0:10', positionSeconds: 10 })).statusCode).toBe(200);

    const listed = await notesOf(user);
    // Lesson order first, then the time in the lesson (untimed notes first), whatever order they were written in.
    expect(listed.map((note) => [note.lessonId, note.positionSeconds, note.text])).toEqual([
      [first, null, 'Untimed: read the checklist'],
      [first, 10, 'At 0:10'],
      [first, 90, 'At 1:30 the gap'],
      [second, 205, 'Check the open interest.'],
    ]);

    const noteId = late.json().note.id as string;
    const edited = await editNote(user, noteId, { text: 'Check open interest and PCR.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: messages.noteUpdated,
      note: { id: noteId, lessonId: second, positionSeconds: 205, text: 'Check open interest and PCR.' },
    });
    expect((await notesOf(user)).find((note) => note.id === noteId)?.text).toBe('Check open interest and PCR.');

    const removed = await removeNote(user, noteId);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true, message: messages.noteDeleted });
    expect((await notesOf(user)).map((note) => note.id)).not.toContain(noteId);
    expect((await removeNote(user, noteId)).statusCode).toBe(404);
    // The notes of one course are not listed with another's.
    expect(await notesOf(user, courseId)).toHaveLength(3);
  });

  it('refuses an empty, blank or too long text with a field message, and changes nothing', async () => {
    const { user, lessons } = await owner();
    const lessonId = lessons[0]?.id ?? '';
    for (const payload of [{ text: '' }, { text: '   \n ' }, {}, { text: 42 }]) {
      const res = await addNote(user, lessonId, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ text: messages.noteTextEmpty });
    }
    const long = await addNote(user, lessonId, { text: 'a'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ text: messages.noteTextTooLong });
    for (const positionSeconds of [-1, 1.5, 'x', 86_401]) {
      expect((await addNote(user, lessonId, { text: 'ok', positionSeconds })).statusCode).toBe(400);
    }
    expect(await notesOf(user)).toEqual([]);

    const ok = await addNote(user, lessonId, { text: ` ${'a'.repeat(2000)} ` });
    expect(ok.statusCode).toBe(200);
    const noteId = ok.json().note.id as string;
    const blank = await editNote(user, noteId, { text: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ text: messages.noteTextEmpty });
    expect((await editNote(user, noteId, { text: 'b'.repeat(2001) })).json().fields).toEqual({
      text: messages.noteTextTooLong,
    });
    expect((await notesOf(user)).map((note) => note.text)).toEqual(['a'.repeat(2000)]);
  });

  it('refuses a lesson of another course, and keeps at most the per-course number of notes', async () => {
    const { user, lessons } = await owner();
    const foreign = await t.database.db
      .selectFrom('course_lessons')
      .select('id')
      .where('course_id', '=', otherCourseId)
      .executeTakeFirstOrThrow();
    const foreignLesson = foreign.id;
    const wrong = await addNote(user, foreignLesson, { text: 'Not this course' });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(messages.lessonNotFound);

    // Fill the course up to the ceiling directly, then one more through the API is refused.
    const lessonId = lessons[0]?.id ?? '';
    const now = new Date().toISOString();
    const rows = Array.from({ length: NOTES_PER_COURSE_MAX }, (_, i) => ({
      id: newId(),
      user_id: user.id,
      course_id: courseId,
      lesson_id: lessonId,
      position_seconds: i,
      text: `n${i}`,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await t.database.db
        .insertInto('lesson_notes')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const over = await addNote(user, lessonId, { text: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(messages.notesLimitReached);
    expect(await notesOf(user)).toHaveLength(NOTES_PER_COURSE_MAX);
  });
});

/** A learner who owns the course, with one note ('Mine') on its first lesson. */
async function ownerWithNote() {
  const { user, lessons } = await owner();
  const noteId = (await addNote(user, lessons[0]?.id ?? '', { text: 'Mine' })).json().note.id as string;
  return { user, lessons, noteId };
}
/** Each notes call made as `caller`: list, export, add on the lesson, edit and remove the note. */
const everyCall = async (caller: TestUser | null, lessonId: string, noteId: string) => [
  await listNotes(caller),
  await exportNotes(caller),
  await addNote(caller, lessonId, { text: 'x' }),
  await editNote(caller, noteId, { text: 'x' }),
  await removeNote(caller, noteId),
];

describe(`who may read and change notes (${engine})`, () => {
  it('asks a visitor to log in on every call', async () => {
    const { user, lessons, noteId } = await ownerWithNote();
    for (const res of await everyCall(null, lessons[0]?.id ?? '', noteId)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ ok: false, message: messages.pleaseLogIn });
    }
    expect((await notesOf(user)).map((note) => note.text)).toEqual(['Mine']);
  });

  it("refuses a write from another site's page (Origin), even with the learner's cookie, and writes nothing", async () => {
    const { user, lessons, noteId } = await ownerWithNote();
    const foreign = { cookie: user.cookie, origin: 'https://evil.example' };
    for (const [method, url, payload] of [
      ['POST', `/api/learn/${courseId}/lessons/${lessons[0]?.id}/notes`, { text: 'Planted' }],
      ['PATCH', `/api/learn/${courseId}/notes/${noteId}`, { text: 'Changed' }],
      ['DELETE', `/api/learn/${courseId}/notes/${noteId}`, undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: foreign, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await notesOf(user)).map((note) => note.text)).toEqual(['Mine']);
  });

  it('refuses a signed-in learner who does not own the course, and writes nothing', async () => {
    const { user, lessons, noteId } = await ownerWithNote();
    const stranger = await createSignedInUser(t.database.db);
    for (const res of await everyCall(stranger, lessons[0]?.id ?? '', noteId)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ ok: false, message: messages.learnNotEnrolled });
    }
    expect((await notesOf(user)).map((note) => note.text)).toEqual(['Mine']);
  });

  it("another learner of the same course never sees or changes a learner's note: 404, as if it did not exist", async () => {
    const asha = await owner();
    const ravi = await owner();
    const noteId = (await addNote(asha.user, asha.lessons[0]?.id ?? '', { text: 'Asha private' })).json().note
      .id as string;
    expect(await notesOf(ravi.user)).toEqual([]);
    expect(await (await exportNotes(ravi.user)).body).not.toContain('Asha private');

    const edit = await editNote(ravi.user, noteId, { text: 'Ravi was here' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().message).toBe(messages.noteNotFound);
    const remove = await removeNote(ravi.user, noteId);
    expect(remove.statusCode).toBe(404);
    // Ravi owning another course does not reach Asha's note through that course's address either.
    const other = await owner(otherCourseId);
    expect((await editNote(other.user, noteId, { text: 'x' }, otherCourseId)).statusCode).toBe(404);
    expect((await removeNote(other.user, noteId, otherCourseId)).statusCode).toBe(404);
    expect((await notesOf(asha.user)).map((note) => note.text)).toEqual(['Asha private']);
  });

  it('a refunded learner loses access to their notes with the course', async () => {
    const { user, orderId, lessons } = await owner();
    expect((await addNote(user, lessons[0]?.id ?? '', { text: 'Before the refund' })).statusCode).toBe(200);
    await refundInFull(t, orderId);
    for (const res of [
      await listNotes(user),
      await exportNotes(user),
      await addNote(user, lessons[0]?.id ?? '', { text: 'x' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(messages.learnNotEnrolled);
    }
  });
});

describe(`the Markdown export (${engine})`, () => {
  it('is a Markdown attachment: the course title, a section per lesson, each note with its [mm:ss] time', async () => {
    const { user, lessons, title } = await owner();
    const [first, second] = [lessons[0], lessons[1]];
    await addNote(user, second?.id ?? '', { text: 'Second lesson, an hour in', positionSeconds: 3725 });
    await addNote(user, first?.id ?? '', { text: 'Gap up at the open', positionSeconds: 75 });
    await addNote(user, first?.id ?? '', { text: 'Line one\nLine two' });

    const res = await exportNotes(user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="notes-[A-Za-z0-9-]+\.md"/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const escapedTitle = title.replace(/[\\`*_[\]<>|~]/g, (c) => `\\${c}`);
    expect(res.body).toBe(
      [
        `# Notes: ${escapedTitle}`,
        '',
        `Exported ${new Date().toISOString().slice(0, 10)}. Times are positions in the lesson video.`,
        '',
        `## ${first?.title}`,
        '',
        '- Line one',
        '  Line two',
        '- [01:15] Gap up at the open',
        '',
        `## ${second?.title}`,
        '',
        '- [1:02:05] Second lesson, an hour in',
        '',
      ].join('\n'),
    );
  });

  it('escapes Markdown in the notes, so a note cannot become a link, an image, HTML or a heading', async () => {
    const { user, lessons } = await owner();
    const text = [
      '**bold** _it_ `code` [click](javascript:alert(1)) ![img](https://evil.example/x.png)',
      '<script>alert(1)</script> &amp; F&O | a ~ b',
      '# not a heading',
      '> not a quote',
      '1. not a list',
      '[03:25]: https://evil.example',
    ].join('\n');
    await addNote(user, lessons[0]?.id ?? '', { text, positionSeconds: 5 });
    const body = (await exportNotes(user)).body;
    expect(body).toContain(
      [
        '- [00:05] \\*\\*bold\\*\\* \\_it\\_ \\`code\\` \\[click\\](javascript:alert(1)) !\\[img\\](https://evil.example/x.png)',
        '  \\<script\\>alert(1)\\</script\\> \\&amp; F&O \\| a \\~ b',
        '  \\# not a heading',
        '  \\> not a quote',
        '  1\\. not a list',
        '  \\[03:25\\]: https://evil.example',
      ].join('\n'),
    );
  });

  it('says so when there are no notes', async () => {
    const { user } = await owner();
    const body = (await exportNotes(user)).body;
    expect(body).toContain(messages.notesNoneInCourse);
    expect(body).not.toContain('## ');
  });
});

describe(`notes in the privacy centre (${engine})`, () => {
  it("the learner's data export carries their notes; deleting the account erases them", async () => {
    const { user, lessons, title } = await owner();
    await addNote(user, lessons[1]?.id ?? '', { text: 'Mine to take away', positionSeconds: 61 });
    const exported = myDataExport.parse((await t.app.inject({ url: '/api/me/export', headers: headers(user) })).json());
    expect(exported.notes).toEqual([
      {
        courseId,
        courseTitle: title,
        lessonTitle: lessons[1]?.title,
        positionSeconds: 61,
        text: 'Mine to take away',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);

    const deleted = await deleteAccount(t, user);
    expect(deleted.json().deleted).toBe(true);
    expect(
      await t.database.db.selectFrom('lesson_notes').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });
});
