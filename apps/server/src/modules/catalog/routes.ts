import { courseParams, errorResponse, getCourseResponse, listCoursesQuery, listCoursesResponse } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { getPublishedCourse, listCourses } from './service.js';

export const catalogRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/courses',
    {
      config: { skipSession: true },
      schema: { querystring: listCoursesQuery, response: { 200: listCoursesResponse, 400: errorResponse } },
    },
    async (request) => ({ ok: true as const, courses: await listCourses(db, request.query.q || undefined) }),
  );

  app.get(
    '/courses/:id',
    {
      config: { skipSession: true },
      schema: {
        params: courseParams,
        response: { 200: getCourseResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => ({ ok: true as const, course: await getPublishedCourse(db, request.params.id) }),
  );
};
