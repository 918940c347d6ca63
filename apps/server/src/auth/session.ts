import { messages } from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { preparedQuery } from '../db/prepared.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import { sessionCache } from './session-cache.js';
import { hashToken, newToken } from './tokens.js';

export const SESSION_COOKIE = 'token';
const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often per session, so reads stay reads. */
const TOUCH_AFTER_MS = DAY_MS;

export interface SessionUser {
  id: string;
  username: string;
  email: string;
  role: 'learner' | 'admin';
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** A public route that never looks at the caller's session. */
    skipSession?: boolean;
  }
}

export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  return request.cookies[SESSION_COOKIE] || undefined;
}

/** A new session for the user: a fresh random token (never reused across sign-ins), stored hashed. */
export async function createSession(db: Db, userId: string, now = new Date()): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      id: newId(),
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_DAYS * DAY_MS).toISOString(),
    })
    .execute();
  return token;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  sessionCache.forgetAll();
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  sessionCache.forgetAll();
}

/** Ends every session of a user at once (suspension, termination, password change). */
export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  sessionCache.forgetAll();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  // Inside a caller's transaction the delete is not visible until it commits: such a caller calls
  // `forgetSessions()` again afterwards.
  sessionCache.forgetAll();
}

/** After a change to an account (status, role, e-mail) commits: no cached session may outlive it. */
export function forgetSessions(): void {
  sessionCache.forgetAll();
}

const sessionByTokenHash = preparedQuery<{ tokenHash: string }>()((db, value) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.id',
      'users.username',
      'users.email',
      'users.role',
      'users.status',
    ])
    .where('sessions.token_hash', '=', value('tokenHash')),
);

/**
 * The caller's session. `cached` lets a session resolved in the last few seconds be trusted without
 * the database; a scaled-out process passes false, since a revocation made by another process would not
 * reach its cache (decision 0030: the read costs less than a cache kept in step through NOTIFY).
 */
export async function findSessionUser(
  db: Db,
  token: string,
  now = new Date(),
  cached = true,
): Promise<SessionUser | null> {
  const tokenHash = hashToken(token);
  const hit = cached ? sessionCache.get(tokenHash, now) : undefined;
  if (hit) return hit;
  const startedAt = sessionCache.begin();
  const row = await sessionByTokenHash.first(db, { tokenHash });
  if (row?.status !== 'active' || row.expires_at <= now.toISOString()) return null;
  if (now.getTime() - Date.parse(row.last_seen_at) > TOUCH_AFTER_MS) {
    await db
      .updateTable('sessions')
      .set({
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SESSION_DAYS * DAY_MS).toISOString(),
      })
      .where('id', '=', row.session_id)
      .execute();
  }
  const user: SessionUser = {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    sessionId: row.session_id,
  };
  if (cached) sessionCache.set(tokenHash, user, row.expires_at, startedAt, now);
  return user;
}

export function setSessionCookie(reply: FastifyReply, token: string, config: Config): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    path: '/',
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    path: '/',
  });
}

/** Resolves the caller's session (cookie `token` or `Authorization: Bearer`) into `request.user`. */
export function registerSessions(app: FastifyInstance, db: Db, { cached }: { cached: boolean }): void {
  app.decorateRequest('user', null);
  // Callback style, not async: the reads that need no session (static files, the catalogue) and the
  // callers without a token then cost no promise on every request. Before validation, so a route that
  // needs a session answers a visitor 401 before telling them about fields.
  app.addHook('preValidation', (request, _reply, done) => {
    // Static files, public catalogue reads and the public pages never need the session: no query for them.
    // The player's page does: it comes with the learner's course written in (plugins/player-page-data.ts).
    if (request.routeOptions.config.skipSession || !/^\/(api|auth|learn)\//.test(request.url)) return done();
    const token = tokenFrom(request);
    if (!token) return done();
    findSessionUser(db, token, new Date(), cached).then((user) => {
      request.user = user;
      done();
    }, done);
  });
}

/** The signed-in caller, or a 401 'Please log in.' */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('unauthorized', messages.pleaseLogIn);
  return request.user;
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw new AppError('forbidden', messages.adminOnly);
  return user;
}

/**
 * Signs the caller in as `userId`: a brand-new session token in the cookie (never one the caller
 * brought along), and the session the request arrived with, if any, ended.
 */
export async function startSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  if (request.user) await revokeSession(db, request.user.sessionId);
  const token = await createSession(db, userId);
  setSessionCookie(reply, token, config);
}
