import { messages } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookie, revokeSession } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';

const profileResponse = z.union([
  z.object({ ok: z.literal(true), username: z.string(), email: z.string(), role: z.enum(['learner', 'admin']) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
const logoutResponse = z.object({ ok: z.literal(true), message: z.string() });

export const sessionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  /**
   * The header's profile check. A visitor without a session gets 200 `{ ok: false }` rather than a 401:
   * the spec's client reads `ok`, and an expected "not signed in" should not show as a failed request.
   */
  app.get('/api/profile', { schema: { response: { 200: profileResponse } } }, async (request) => {
    const user = request.user;
    if (!user) return { ok: false as const, message: messages.pleaseLogIn };
    return { ok: true as const, username: user.username, email: user.email, role: user.role };
  });

  const logout = async (
    request: { user: { sessionId: string } | null },
    reply: Parameters<typeof clearSessionCookie>[0],
  ) => {
    if (request.user) await revokeSession(db, request.user.sessionId);
    clearSessionCookie(reply, config);
    return { ok: true as const, message: messages.loggedOut };
  };
  app.get('/auth/logout', { schema: { response: { 200: logoutResponse } } }, (request, reply) =>
    logout(request, reply),
  );
  app.post('/api/logout', { schema: { response: { 200: logoutResponse } } }, (request, reply) =>
    logout(request, reply),
  );
};
