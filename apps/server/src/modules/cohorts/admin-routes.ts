import {
  adminCohortInput,
  adminCohortPatch,
  adminCohortResponse,
  adminCohortsResponse,
  cohortPaths,
  errorResponse,
  objectId,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { changeCohort } from './change-cohort.js';
import { createCohort } from './create-cohort.js';
import { listAllCohorts, listConsoleCohorts } from './list-cohorts.js';

const idParams = z.object({ id: objectId });
const refusals = { 400: errorResponse, 404: errorResponse };

/** The console's cohorts of a course; registered inside the admin scope, whose hook checks the role first. */
export const cohortAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // The course page lists a course's cohorts from the catalogue's cache: a change clears it.
  const invalidateCatalogue = () => deps.catalogCache.invalidate();
  app.get(cohortPaths.adminCohorts, { schema: { response: { 200: adminCohortsResponse } } }, async () => ({
    ok: true as const,
    cohorts: await listAllCohorts(deps.db),
  }));
  app.get(
    cohortPaths.adminCourseCohorts,
    { schema: { params: idParams, response: { 200: adminCohortsResponse, ...refusals } } },
    async (request) => ({ ok: true as const, cohorts: await listConsoleCohorts(deps.db, request.params.id) }),
  );
  app.post(
    cohortPaths.adminCourseCohorts,
    { schema: { params: idParams, body: adminCohortInput, response: { 201: adminCohortResponse, ...refusals } } },
    async (request, reply) => {
      const cohort = await createCohort(
        { db: deps.db, invalidateCatalogue },
        requireAdmin(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ ok: true as const, cohort });
    },
  );
  app.patch(
    cohortPaths.adminCohort,
    { schema: { params: idParams, body: adminCohortPatch, response: { 200: adminCohortResponse, ...refusals } } },
    async (request) => {
      const site = { publicUrl: deps.config.publicUrl, siteName: deps.config.siteName };
      const cohort = await changeCohort(
        { db: deps.db, dbKind: deps.dbKind, mail: deps.mail, site, invalidateCatalogue },
        requireAdmin(request),
        request.params.id,
        request.body,
      );
      return { ok: true as const, cohort };
    },
  );
};
