import {
  adminCancelMemberInput,
  adminMemberActionResponse,
  adminPlanMembersResponse,
  errorResponse,
  objectId,
  subscriptionPaths,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { listPlanMembers, membersCsv } from './list-members.js';
import { manageMembership } from './manage-membership.js';

const planParams = z.object({ id: objectId });
const membersQuery = z.object({ format: z.enum(['json', 'csv']).optional() });
const subscriptionParams = z.object({ id: z.string().min(1).max(64) });
const actionResponses = {
  200: adminMemberActionResponse,
  404: errorResponse,
  409: errorResponse,
  503: errorResponse,
};

/**
 * The console's members of a plan and the operator's cancel, pause and resume of one membership (issue 34);
 * registered inside the admin scope (role checked first; the origin check guards every POST).
 */
export const adminMemberRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    subscriptionPaths.adminPlanMembers,
    // The JSON answer goes through its schema; the CSV is a string, which Fastify sends as it is.
    {
      schema: {
        params: planParams,
        querystring: membersQuery,
        response: { 200: z.union([adminPlanMembersResponse, z.string()]) },
      },
    },
    async (request, reply) => {
      const list = await listPlanMembers(deps.db, request.params.id);
      if (request.query.format !== 'csv') return adminPlanMembersResponse.parse(list);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="plan-${request.params.id}-members.csv"`)
        .header('cache-control', 'no-store')
        .send(membersCsv(list));
    },
  );
  app.post(
    subscriptionPaths.adminCancel,
    { schema: { params: subscriptionParams, body: adminCancelMemberInput, response: actionResponses } },
    async (request) =>
      manageMembership(deps, requireAdmin(request), request.params.id, {
        kind: 'cancel',
        atCycleEnd: request.body.atCycleEnd,
      }),
  );
  app.post(
    subscriptionPaths.adminPause,
    { schema: { params: subscriptionParams, response: actionResponses } },
    async (request) => manageMembership(deps, requireAdmin(request), request.params.id, { kind: 'pause' }),
  );
  app.post(
    subscriptionPaths.adminResume,
    { schema: { params: subscriptionParams, response: actionResponses } },
    async (request) => manageMembership(deps, requireAdmin(request), request.params.id, { kind: 'resume' }),
  );
};
