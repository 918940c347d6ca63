import { type AdminCourseStructure, type LessonVideoResponse, pathWith, videoAdminPaths } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { courseForm } from './admin-test-client.js';
import type { TestUser } from './helpers.js';

/** The operator's side of a lesson video as the console drives it, through `app.inject()`. */
export function videoConsole(app: FastifyInstance, admin: TestUser) {
  const headers = { origin: new URL(app.deps.config.publicUrl).origin, cookie: admin.cookie };
  const tus = { 'tus-resumable': '1.0.0' };

  return {
    /** A new course with one lesson; answers the lesson's id. */
    async newLesson(): Promise<string> {
      const created = await app.inject({ method: 'POST', url: '/api/admin/courses', headers, payload: courseForm() });
      const id: string = created.json().course.id;
      const structure = (
        await app.inject({ url: `/api/admin/courses/${id}/structure`, headers })
      ).json() as AdminCourseStructure;
      const lesson = structure.sections[0]?.lessons[0];
      if (!lesson) throw new Error('the course has no lesson');
      return lesson.id;
    },
    /** A whole file in one tus creation and one PATCH; throws unless both are accepted. */
    async upload(lessonId: string, file: Buffer): Promise<void> {
      const created = await app.inject({
        method: 'POST',
        url: pathWith(videoAdminPaths.uploads, { lessonId }),
        headers: { ...headers, ...tus, 'upload-length': String(file.length) },
      });
      if (created.statusCode !== 201) throw new Error(`upload not created: ${created.statusCode} ${created.body}`);
      const patched = await app.inject({
        method: 'PATCH',
        url: created.headers.location as string,
        headers: { ...headers, ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: file,
      });
      if (patched.statusCode !== 204) throw new Error(`upload refused: ${patched.statusCode} ${patched.body}`);
    },
    async read(lessonId: string): Promise<LessonVideoResponse> {
      const res = await app.inject({ url: pathWith(videoAdminPaths.video, { lessonId }), headers });
      return res.json() as LessonVideoResponse;
    },
    async waitFor(lessonId: string, done: (state: LessonVideoResponse) => boolean, seconds = 120) {
      const until = Date.now() + seconds * 1000;
      for (;;) {
        const state = await this.read(lessonId);
        if (done(state)) return state;
        if (Date.now() > until) throw new Error(`timed out; last state ${JSON.stringify(state)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  };
}
