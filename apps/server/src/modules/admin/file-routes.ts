import { adminDoneResponse, adminFileResponse, adminFilesResponse, adminPaths, messages, objectId } from '@shop/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { acceptRawBody } from '../../plugins/raw-body.js';
import { addCourseFile, COURSE_FILE_MAX_BYTES, listCourseFiles, removeCourseFile } from './course-files.js';

const idParams = z.object({ id: objectId });
const fileParams = z.object({ id: objectId, fileId: objectId });
const uploadQuery = z.object({ name: z.string().max(300, 'must be at most 300 characters').default('') });

/** Downloadable course files: the browser sends the file itself as the body, its name in the query. */
export const adminFileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, catalogCache } = deps;
  app.get(
    adminPaths.files,
    { schema: { params: idParams, response: { 200: adminFilesResponse } } },
    async (request) => ({ ok: true as const, files: await listCourseFiles(db, request.params.id) }),
  );
  app.delete(
    adminPaths.file,
    { schema: { params: fileParams, response: { 200: adminDoneResponse } } },
    async (request) => {
      const { id, fileId } = request.params;
      await removeCourseFile(db, deps.storage, requireAdmin(request), id, fileId);
      // The player's course structure (lesson attachments) is kept with the catalogue's answers.
      catalogCache.invalidate();
      return { ok: true as const };
    },
  );

  await app.register(async (scope) => {
    acceptRawBody(scope, 'buffer', COURSE_FILE_MAX_BYTES, messages.adminFileTooLarge);
    const upload = { params: idParams, querystring: uploadQuery, response: { 200: adminFileResponse } };
    scope.withTypeProvider<ZodTypeProvider>().post(adminPaths.files, { schema: upload }, async (request) => {
      const { id } = request.params;
      const { name } = request.query;
      const file = await addCourseFile(db, deps.storage, requireAdmin(request), id, {
        name,
        contentType: String(request.headers['content-type'] ?? ''),
        bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      });
      catalogCache.invalidate();
      return { ok: true as const, file };
    });
  });
};
