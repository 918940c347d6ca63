import {
  catalogPaths,
  courseParams,
  errorResponse,
  getCourseResponse,
  homeFiguresResponse,
  listCoursesQuery,
  listCoursesResponse,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { selfCompressed, sendCached } from '../../plugins/cached-answer.js';
import { courseAnswer, courseListAnswer } from './cached-answers.js';
import { homeFigures } from './home-figures.js';

export const catalogRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // The contracts document and validate these answers in tests; at run time the cached string is sent as is.
  app.get(
    catalogPaths.courses,
    {
      ...selfCompressed,
      config: { skipSession: true, prebuilt: true },
      schema: { querystring: listCoursesQuery, response: { 200: listCoursesResponse, 400: errorResponse } },
    },
    async (request, reply) => {
      return sendCached(request, reply, await courseListAnswer(deps, request.query.q || undefined));
    },
  );

  app.get(
    catalogPaths.course,
    {
      ...selfCompressed,
      config: { skipSession: true, prebuilt: true },
      schema: {
        params: courseParams,
        response: { 200: getCourseResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      return sendCached(request, reply, await courseAnswer(deps, request.params.id));
    },
  );

  app.get(
    catalogPaths.homeFigures,
    { config: { skipSession: true }, schema: { response: { 200: homeFiguresResponse } } },
    async () => homeFigures(deps),
  );
};
