import {
  catalogPaths,
  courseParams,
  errorResponse,
  getCourseResponse,
  listCoursesQuery,
  listCoursesResponse,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { sendCached } from './response-cache.js';
import { getPublishedCourse, listCourses } from './service.js';

export const catalogRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, catalogCache }) => {
  // The contracts document and validate these answers in tests; at run time the cached string is sent as is.
  app.get(
    catalogPaths.courses,
    {
      config: { skipSession: true },
      schema: { querystring: listCoursesQuery, response: { 200: listCoursesResponse, 400: errorResponse } },
    },
    async (request, reply) => {
      const q = request.query.q || undefined;
      const entry = await catalogCache.get(`list:${q ?? ''}`, async () => ({
        ok: true,
        courses: await listCourses(db, q),
      }));
      return sendCached(request, reply, entry);
    },
  );

  app.get(
    catalogPaths.course,
    {
      config: { skipSession: true },
      schema: {
        params: courseParams,
        response: { 200: getCourseResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const entry = await catalogCache.get(`course:${id}`, async () => ({
        ok: true,
        course: await getPublishedCourse(db, id),
      }));
      return sendCached(request, reply, entry);
    },
  );
};
