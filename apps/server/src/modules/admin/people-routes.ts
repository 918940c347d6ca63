import { objectId } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { changeLearnerStatus } from './change-learner-status.js';
import { listContactMessages, listSubscribers, markMessageHandled } from './contact-messages.js';
import { getDashboard } from './get-dashboard.js';
import { grantCourse, revokeCourse } from './grant-course.js';
import { getLearner, listLearners } from './learners.js';
import { listAudit } from './list-audit.js';
import { parseInput } from './parse-input.js';
import { indiaDateTime, writeCsv } from './write-csv.js';

const idParams = z.object({ id: objectId });
const searchQuery = z.object({ q: z.string().trim().max(200).optional() });
const handledBody = z.object({ handled: z.boolean({ error: 'must be true or false' }) });

export const adminPeopleRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.get('/api/admin/dashboard', async () => ({ ok: true as const, dashboard: await getDashboard(db) }));
  app.get('/api/admin/audit', async () => ({ ok: true as const, entries: await listAudit(db) }));

  app.get('/api/admin/learners', async (request) => ({
    ok: true as const,
    learners: await listLearners(db, parseInput(searchQuery, request.query).q),
  }));
  app.get('/api/admin/learners/:id', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return { ok: true as const, learner: await getLearner(db, id) };
  });
  app.post('/api/admin/learners/:id/status', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return { ok: true as const, learner: await changeLearnerStatus(db, requireAdmin(request), id, request.body) };
  });
  app.post('/api/admin/learners/:id/grant', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return { ok: true as const, learner: await grantCourse(db, requireAdmin(request), id, request.body) };
  });
  app.post('/api/admin/learners/:id/revoke', async (request) => {
    const { id } = parseInput(idParams, request.params);
    return { ok: true as const, learner: await revokeCourse(db, requireAdmin(request), id, request.body) };
  });

  app.get('/api/admin/messages', async () => ({ ok: true as const, messages: await listContactMessages(db) }));
  app.post('/api/admin/messages/:id/handled', async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { handled } = parseInput(handledBody, request.body);
    return markMessageHandled(db, requireAdmin(request), id, handled);
  });
  app.get('/api/admin/subscribers.csv', async (_request, reply) => {
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
