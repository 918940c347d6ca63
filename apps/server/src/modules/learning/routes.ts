import { Readable } from 'node:stream';
import {
  certificateClaimRequest,
  certificateIssuedResponse,
  enrolledCoursesResponse,
  errorResponse,
  learnCourseResponse,
  learningPaths,
  learnParams,
  lessonLockedResponse,
  lessonProgressParams,
  messages,
  previewLessonsResponse,
  releaseDigestResponse,
  releaseDigestSetting,
  releaseDigestUnsubscribed,
  releaseDigestUnsubscribeQuery,
  saveProgressInput,
  saveProgressResponse,
  tooManyAttemptsMessage,
} from '@shop/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secretFor } from '../../auth/secrets.js';
import { requireUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { escapeHtml } from '../../html.js';
import { selfCompressed, sendCached } from '../../plugins/cached-answer.js';
import { perIpLimit } from '../../plugins/rate-limit-options.js';
import { claimCertificate } from './claim-certificate.js';
import { attachmentDisposition } from './content-disposition.js';
import { FILE_LINK_SECRET_NAME } from './file-links.js';
import { getLearnCourse } from './get-learn-course.js';
import { listEnrolledCourses } from './list-enrolled-courses.js';
import { listPreviewLessons } from './list-preview-lessons.js';
import { openCourseFile } from './open-course-file.js';
import { readDigestSetting, saveDigestSetting, unsubscribeDigest } from './release-digest-setting.js';
import { saveLessonProgress } from './save-lesson-progress.js';

/** A presigned download URL's life: long enough to start the download, short enough not to be passed around. */
const PRESIGNED_DOWNLOAD_SECONDS = 300;

const fileParams = z.object({ fileId: z.string().min(1).max(64) });
// Lenient on purpose: a damaged link is a refused link (403), not a form error.
const fileQuery = z.object({
  u: z.string().max(64).default(''),
  e: z.string().max(20).default(''),
  s: z.string().max(128).default(''),
});

/** The page a digest's visible unsubscribe link opens: one button, which makes the one-click POST. */
function unsubscribePage(action: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(messages.releaseDigestTurnOff)}</title></head><body><main><h1>${escapeHtml(messages.releaseDigestTurnOff)}</h1><form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(messages.releaseDigestTurnOff)}</button></form></main></body></html>`;
}

/** The learner's area: their own courses, and course files behind per-user signed, expiring links. */
export const learningRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, config, catalogCache, mail, storage },
) => {
  const appConfig = config;
  const linkSecret = secretFor(config, FILE_LINK_SECRET_NAME);

  app.get(
    learningPaths.releaseDigest,
    { schema: { response: { 200: releaseDigestResponse, 401: errorResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { ok: true as const, enabled: await readDigestSetting(db, requireUser(request).id) };
    },
  );

  app.put(
    learningPaths.releaseDigest,
    {
      schema: {
        body: releaseDigestSetting,
        response: { 200: releaseDigestResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => ({
      ok: true as const,
      enabled: await saveDigestSetting(db, requireUser(request).id, request.body.enabled),
    }),
  );

  // The digest's unsubscribe needs no sign-in: the signed link is the proof. Mail clients make RFC 8058's
  // one-click POST from their own servers, so the origin check is off (as for the newsletter's).
  await app.register(async (scope) => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
        done(null, {}),
      );
    const config = {
      skipSession: true,
      skipOriginCheck: true,
      rateLimit: perIpLimit(60, '1 hour', tooManyAttemptsMessage(60 * 60_000)),
    };
    scope.withTypeProvider<ZodTypeProvider>().post(
      learningPaths.releaseDigestUnsubscribe,
      {
        config,
        schema: {
          querystring: releaseDigestUnsubscribeQuery,
          response: { 200: releaseDigestUnsubscribed, 400: errorResponse, 429: errorResponse },
        },
      },
      async (request) => {
        await unsubscribeDigest({ db, config: appConfig }, request.query);
        return { ok: true as const, message: messages.releaseDigestUnsubscribed };
      },
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .get(
        learningPaths.releaseDigestUnsubscribe,
        { config, schema: { querystring: releaseDigestUnsubscribeQuery, response: { 200: z.string() } } },
        async (request, reply) => {
          const { u, s } = request.query;
          const action = `${learningPaths.releaseDigestUnsubscribe}?u=${encodeURIComponent(u)}&s=${encodeURIComponent(s)}`;
          return reply
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(unsubscribePage(action));
        },
      );
  });

  app.get(
    learningPaths.enrolledCourses,
    { schema: { response: { 200: enrolledCoursesResponse, 401: errorResponse } } },
    async (request, reply) => {
      const user = requireUser(request);
      // The answer holds links signed for this user: no shared cache may keep it.
      reply.header('cache-control', 'private, no-store');
      return { ok: true as const, courses: await listEnrolledCourses(db, linkSecret, user.id) };
    },
  );

  app.get(
    learningPaths.course,
    {
      schema: {
        params: learnParams,
        response: { 200: learnCourseResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getLearnCourse({ db, catalogCache }, linkSecret, request.user, request.params.courseId);
    },
  );

  app.post(
    learningPaths.progress,
    {
      // A position save is the playing player's heartbeat; one that completes a lesson is always logged.
      config: { logSampled: (request) => (request.body as { completed?: boolean } | undefined)?.completed !== true },
      schema: {
        params: lessonProgressParams,
        body: saveProgressInput,
        response: {
          200: saveProgressResponse,
          400: errorResponse,
          401: errorResponse,
          403: lessonLockedResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { courseId, lessonId } = request.params;
      return saveLessonProgress({ db, catalogCache, mail, config }, request.user, courseId, lessonId, request.body);
    },
  );

  app.post(
    learningPaths.certificate,
    {
      schema: {
        params: learnParams,
        body: certificateClaimRequest,
        response: {
          200: certificateIssuedResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => ({
      ok: true as const,
      certificateId: await claimCertificate(
        { db, catalogCache, mail, config },
        request.user,
        request.params.courseId,
        request.body,
      ),
    }),
  );

  // Public: a visitor plays a course's free preview lessons from its page; nothing of the other lessons.
  app.get(
    learningPaths.previews,
    {
      ...selfCompressed,
      config: { skipSession: true, prebuilt: true },
      schema: {
        params: learnParams,
        response: { 200: previewLessonsResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { courseId } = request.params;
      // The same for every visitor and changed only with the course: kept with the catalogue's answers.
      const entry = await catalogCache.get(`previews:${courseId}`, async () => ({
        ok: true,
        lessons: await listPreviewLessons(db, courseId),
      }));
      return sendCached(request, reply, entry);
    },
  );

  app.get(
    learningPaths.file,
    {
      schema: {
        params: fileParams,
        querystring: fileQuery,
        // The file itself streams out unserialized; only refusals are JSON.
        response: { 200: z.instanceof(Readable), 401: errorResponse, 403: lessonLockedResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { u, e, s } = request.query;
      const file = await openCourseFile({ db, storage, linkSecret }, request.user, {
        fileId: request.params.fileId,
        userId: u,
        expiry: e,
        signature: s,
      });
      reply.header('cache-control', 'private, no-store');
      // On object storage the bytes need not pass through the shop: the learner is sent on to a URL that
      // works for a few minutes, after every check above (DOWNLOADS=stream keeps them passing through).
      const presigned =
        config.downloads === 'presigned'
          ? await storage.presignedUrl(file.key, {
              expiresInSeconds: PRESIGNED_DOWNLOAD_SECONDS,
              contentDisposition: attachmentDisposition(file.name),
              contentType: file.contentType,
            })
          : null;
      if (presigned) return reply.redirect(presigned, 302);
      const object = await storage.get(file.key);
      if (!object) throw new AppError('not_found', messages.fileUnavailable);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', object.size)
        .header('content-disposition', attachmentDisposition(file.name))
        .send(object.body);
    },
  );
};
