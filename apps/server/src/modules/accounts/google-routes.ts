import { googlePaths, messages } from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGoogleSignIn, type PendingGoogleSignIn } from '../../auth/google.js';
import { startSession } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { signInWithGoogle } from './sign-in-with-google.js';

const PENDING_COOKIE = 'google_oauth';
const PENDING_PATH = googlePaths.start;
const PENDING_MAX_AGE_S = 10 * 60;

function readPending(request: FastifyRequest): PendingGoogleSignIn | null {
  const raw = request.cookies[PENDING_COOKIE];
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<PendingGoogleSignIn>;
    const { state, nonce, codeVerifier } = value;
    if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string') return null;
    return { state, nonce, codeVerifier };
  } catch {
    return null;
  }
}

/** The web page that shows the outcome; no token ever travels in this URL. */
function toLanding(reply: FastifyReply, message: string) {
  return reply.redirect(`/google-auth-redirect?message=${encodeURIComponent(message)}`);
}

/** GET /auth/google (followed as a browser link) and the provider's callback. */
export const googleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const google = createGoogleSignIn(config);
  const secure = config.publicUrl.startsWith('https:');

  app.get(googlePaths.start, async (request, reply) => {
    if (!google) return reply.redirect('/login?error=google-unavailable');
    try {
      const { url, pending } = await google.start();
      reply.setCookie(PENDING_COOKIE, Buffer.from(JSON.stringify(pending)).toString('base64url'), {
        httpOnly: true,
        // Lax: the cookie must ride the provider's top-level redirect back to the callback.
        sameSite: 'lax',
        secure,
        path: PENDING_PATH,
        maxAge: PENDING_MAX_AGE_S,
      });
      return reply.redirect(url.href);
    } catch (error) {
      request.log.warn({ err: error }, 'Google sign-in could not start');
      return toLanding(reply, messages.googleFailed);
    }
  });

  app.get(googlePaths.callback, async (request, reply) => {
    if (!google) return reply.redirect('/login?error=google-unavailable');
    const pending = readPending(request);
    // The pending values are single use, whatever the outcome.
    reply.clearCookie(PENDING_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: PENDING_PATH });
    if (!pending) return toLanding(reply, messages.googleFailed);

    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    let identity: Awaited<ReturnType<typeof google.finish>>;
    try {
      identity = await google.finish(query, pending);
    } catch (error) {
      request.log.warn({ err: error }, 'Google sign-in refused');
      return toLanding(reply, messages.googleFailed);
    }
    const outcome = await signInWithGoogle(db, identity);
    if ('refused' in outcome) return toLanding(reply, outcome.refused);
    await startSession(db, config, request, reply, outcome.user.id);
    return toLanding(reply, messages.googleSignedIn);
  });
};
