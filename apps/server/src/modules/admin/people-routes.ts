import {
  adminAuditResponse,
  adminDashboardResponse,
  adminDoneResponse,
  adminLearnerResponse,
  adminLearnersResponse,
  adminMessagesResponse,
  adminPaths,
  grantCourseInput,
  indiaDateTime,
  learnerStatusInput,
  objectId,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import { writeCsv } from '../../csv.js';
import type { AppDeps } from '../../deps.js';
import { changeLearnerStatus } from './change-learner-status.js';
import { listContactMessages, listSubscribers, markMessageHandled } from './contact-messages.js';
import { getDashboard } from './get-dashboard.js';
import { grantCourse, revokeCourse } from './grant-course.js';
import { getLearner, listLearners } from './learners.js';
import { listAudit } from './list-audit.js';

const idParams = z.object({ id: objectId });
const searchQuery = z.object({ q: z.string().trim().max(200).optional() });
const handledBody = z.object({ handled: z.boolean({ error: 'must be true or false' }) });
const learner = { params: idParams, response: { 200: adminLearnerResponse } };

export const adminPeopleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(adminPaths.dashboard, { schema: { response: { 200: adminDashboardResponse } } }, async () => ({
    ok: true as const,
    dashboard: await getDashboard(db),
  }));
  app.get(adminPaths.audit, { schema: { response: { 200: adminAuditResponse } } }, async () => ({
    ok: true as const,
    entries: await listAudit(db),
  }));

  app.get(
    adminPaths.learners,
    { schema: { querystring: searchQuery, response: { 200: adminLearnersResponse } } },
    async (request) => ({ ok: true as const, learners: await listLearners(db, request.query.q) }),
  );
  app.get(adminPaths.learner, { schema: learner }, async (request) => ({
    ok: true as const,
    learner: await getLearner(db, request.params.id),
  }));
  app.post(adminPaths.learnerStatus, { schema: { ...learner, body: learnerStatusInput } }, async (request) => ({
    ok: true as const,
    learner: await changeLearnerStatus(db, requireAdmin(request), request.params.id, request.body.status),
  }));
  app.post(adminPaths.grant, { schema: { ...learner, body: grantCourseInput } }, async (request) => ({
    ok: true as const,
    learner: await grantCourse(db, requireAdmin(request), request.params.id, request.body.courseId),
  }));
  app.post(adminPaths.revoke, { schema: { ...learner, body: grantCourseInput } }, async (request) => ({
    ok: true as const,
    learner: await revokeCourse(db, requireAdmin(request), request.params.id, request.body.courseId),
  }));

  app.get(adminPaths.messages, { schema: { response: { 200: adminMessagesResponse } } }, async () => ({
    ok: true as const,
    messages: await listContactMessages(db),
  }));
  app.post(
    adminPaths.messageHandled,
    { schema: { params: idParams, body: handledBody, response: { 200: adminDoneResponse } } },
    async (request) => markMessageHandled(db, requireAdmin(request), request.params.id, request.body.handled),
  );
  app.get(adminPaths.subscribersCsv, async (_request, reply) => {
    const rows = await listSubscribers(db);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
      .header('cache-control', 'no-store')
      .send(
        writeCsv(
          ['e-mail', 'confirmed at (IST)'],
          rows.map((row) => [row.email, indiaDateTime(row.confirmed_at ?? '')]),
        ),
      );
  });
};
