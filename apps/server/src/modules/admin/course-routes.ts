import {
  adminCourseInput,
  adminCourseResponse,
  adminCourseStructureResponse,
  adminCoursesResponse,
  adminPaths,
  adminThumbnailResponse,
  courseStructureInput,
  messages,
  objectId,
} from '@shop/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, tokenFrom } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { acceptRawBody } from '../../plugins/raw-body.js';
import { loadCourse } from './course-record.js';
import { listCourses } from './list-courses.js';
import { publishCourse } from './publish-course.js';
import { saveCourse } from './save-course.js';
import { readCourseStructure, saveCourseStructure } from './save-course-structure.js';
import { storeThumbnail, THUMBNAIL_MAX_BYTES } from './store-thumbnail.js';

const idParams = z.object({ id: objectId });
const STRUCTURE_MAX_BYTES = 8 * 1024 * 1024;
const publishBody = z.object({ published: z.boolean({ error: 'must be true or false' }) });

export const adminCourseRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(adminPaths.courses, { schema: { response: { 200: adminCoursesResponse } } }, async () => ({
    ok: true as const,
    courses: await listCourses(deps.db),
  }));

  app.get(
    adminPaths.course,
    { schema: { params: idParams, response: { 200: adminCourseResponse } } },
    async (request) => ({ ok: true as const, course: await loadCourse(deps.db, request.params.id) }),
  );

  app.post(
    adminPaths.courses,
    { schema: { body: adminCourseInput, response: { 200: adminCourseResponse } } },
    async (request) => ({
      ok: true as const,
      course: await saveCourse(deps, requireAdmin(request), null, request.body),
    }),
  );

  app.put(
    adminPaths.course,
    { schema: { params: idParams, body: adminCourseInput, response: { 200: adminCourseResponse } } },
    async (request) => ({
      ok: true as const,
      course: await saveCourse(deps, requireAdmin(request), request.params.id, request.body),
    }),
  );

  app.get(
    adminPaths.structure,
    { schema: { params: idParams, response: { 200: adminCourseStructureResponse } } },
    async (request) => ({
      ok: true as const,
      ...(await readCourseStructure(deps.db, request.params.id)),
    }),
  );

  // A whole course's lesson texts travel in one request: more than the 1 MB other calls may send.
  // So that only a signed-in caller can make the server read that much, a request without a
  // session token is refused before its body is read (the admin check itself follows as usual).
  app.put(
    adminPaths.structure,
    {
      bodyLimit: STRUCTURE_MAX_BYTES,
      preParsing: async (request: FastifyRequest) => {
        if (!tokenFrom(request)) throw new AppError('unauthorized', messages.pleaseLogIn);
      },
      schema: { params: idParams, body: courseStructureInput, response: { 200: adminCourseStructureResponse } },
    },
    async (request) => ({
      ok: true as const,
      ...(await saveCourseStructure(deps, requireAdmin(request), request.params.id, request.body)),
    }),
  );

  app.post(
    adminPaths.publish,
    { schema: { params: idParams, body: publishBody, response: { 200: adminCourseResponse } } },
    async (request) => ({
      ok: true as const,
      course: await publishCourse(deps, requireAdmin(request), request.params.id, request.body.published),
    }),
  );

  // The browser sends the image file itself as the body, so this scope takes any content type as raw bytes.
  await app.register(async (scope) => {
    acceptRawBody(scope, 'buffer', THUMBNAIL_MAX_BYTES, messages.adminImageTooLarge);
    scope.post(adminPaths.thumbnails, { schema: { response: { 200: adminThumbnailResponse } } }, async (request) => {
      requireAdmin(request);
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return { ok: true as const, thumb: await storeThumbnail(deps.storage, bytes) };
    });
  });
};
