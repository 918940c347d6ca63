import {
  adminAttendanceResponse,
  adminDoneResponse,
  adminLiveSessionCancelled,
  adminLiveSessionInput,
  adminLiveSessionPatch,
  adminLiveSessionResponse,
  adminLiveSessionsResponse,
  adminRecordingRelease,
  adminRecordingResponse,
  liveSessionPaths,
  objectId,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { recordingUploadRoutes } from '../video/index.js';
import { attendanceCsv, sessionAttendance } from './attendance.js';
import { cancelSession, changeSession } from './change-session.js';
import { listConsoleSessions } from './list-console-sessions.js';
import { readRecording, recordableSession, removeRecording, setRecordingRelease } from './recordings.js';
import { scheduleSessions } from './schedule-sessions.js';

const idParams = z.object({ id: objectId });
const attendanceQuery = z.object({ format: z.enum(['json', 'csv']).optional() });

/** The console's schedule of live sessions; registered inside the admin scope, whose hook checks the role first. */
export const liveSessionAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(liveSessionPaths.adminSessions, { schema: { response: { 200: adminLiveSessionsResponse } } }, async () => ({
    ok: true as const,
    sessions: await listConsoleSessions(deps),
  }));
  app.post(
    liveSessionPaths.adminSessions,
    { schema: { body: adminLiveSessionInput, response: { 201: adminLiveSessionResponse } } },
    async (request, reply) => reply.code(201).send(await scheduleSessions(deps, requireAdmin(request), request.body)),
  );
  app.patch(
    liveSessionPaths.adminSession,
    {
      schema: {
        params: idParams,
        body: adminLiveSessionPatch,
        response: { 200: adminLiveSessionResponse.pick({ ok: true, session: true }) },
      },
    },
    async (request) => ({
      ok: true as const,
      session: await changeSession(deps, requireAdmin(request), request.params.id, request.body),
    }),
  );
  app.delete(
    liveSessionPaths.adminSession,
    { schema: { params: idParams, response: { 200: adminLiveSessionCancelled } } },
    async (request) => {
      await cancelSession(deps, requireAdmin(request), request.params.id);
      return { ok: true as const };
    },
  );
  app.get(
    liveSessionPaths.adminAttendance,
    {
      schema: {
        params: idParams,
        querystring: attendanceQuery,
        response: { 200: z.union([adminAttendanceResponse, z.string()]) },
      },
    },
    async (request, reply) => {
      const list = await sessionAttendance(deps, request.params.id);
      if (request.query.format !== 'csv') return list;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="live-session-${request.params.id}-attendance.csv"`)
        .header('cache-control', 'no-store')
        .send(attendanceCsv(list));
    },
  );

  app.get(
    liveSessionPaths.adminRecording,
    { schema: { params: idParams, response: { 200: adminRecordingResponse } } },
    async (request) => readRecording(deps, request.params.id),
  );
  app.put(
    liveSessionPaths.adminRecording,
    { schema: { params: idParams, body: adminRecordingRelease, response: { 200: adminRecordingResponse } } },
    async (request) => setRecordingRelease(deps, requireAdmin(request), request.params.id, request.body.releaseAt),
  );
  app.delete(
    liveSessionPaths.adminRecording,
    { schema: { params: idParams, response: { 200: adminDoneResponse } } },
    async (request) => {
      await removeRecording(deps, requireAdmin(request), request.params.id);
      return { ok: true as const };
    },
  );
  // The recording's upload: the video module's tus routes, opened only for a session that may get one.
  await app.register(
    recordingUploadRoutes(async (id) => {
      await recordableSession(deps, id);
    }),
    deps,
  );
};
