import {
  errorResponse,
  messages,
  newsletterPaths,
  newsletterRequest,
  newsletterResponse,
  newsletterTokenRequest,
  tooManyAttemptsMessage,
} from '@shop/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { perIpLimit } from '../../plugins/rate-limit-options.js';
import { confirmSubscription, unsubscribeByToken } from './manage-subscription.js';
import { subscribe } from './subscribe.js';

export const newsletterRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  app.post(
    newsletterPaths.subscribe,
    {
      config: { skipSession: true, rateLimit: perIpLimit(5, '1 hour', messages.newsletterTooMany) },
      schema: {
        body: newsletterRequest,
        response: { 200: newsletterResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await subscribe(deps, request.body.email);
      // The same answer for a new and a known address: the form must not reveal who is subscribed.
      return { ok: true as const, message: messages.newsletterSubscribed };
    },
  );

  // The landing page's button, never the link itself (mail scanners follow links).
  app.post(
    newsletterPaths.confirm,
    {
      config: { skipSession: true, rateLimit: perIpLimit(30, '1 hour', tooManyAttemptsMessage(60 * 60_000)) },
      schema: {
        body: newsletterTokenRequest,
        response: { 200: newsletterResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const email = await confirmSubscription(db, request.body.token);
      if (!email) throw new AppError('bad_request', messages.newsletterConfirmInvalid);
      return { ok: true as const, message: messages.newsletterConfirmed };
    },
  );

  /**
   * Unsubscribing needs no sign-in: the token from the mail is the proof. Mail clients make the
   * one-click POST of RFC 8058 (`List-Unsubscribe=One-Click` as a form body, token in the URL) from
   * their own servers or pages, so the origin check is off here; the landing page sends JSON. The
   * answer is the same whether or not the token matched anything (a second click is not an error).
   */
  await app.register(async (scope) => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
        done(null, {}),
      );
    scope.withTypeProvider<ZodTypeProvider>().post(
      newsletterPaths.unsubscribe,
      {
        config: {
          skipSession: true,
          skipOriginCheck: true,
          rateLimit: perIpLimit(60, '1 hour', tooManyAttemptsMessage(60 * 60_000)),
        },
        schema: {
          querystring: z.object({ token: z.string().max(200).optional() }),
          body: z.object({ token: z.string().max(200).optional() }).optional(),
          response: { 200: newsletterResponse, 400: errorResponse, 429: errorResponse },
        },
      },
      async (request) => {
        const token = request.body?.token ?? request.query.token;
        if (!token) throw new AppError('bad_request', messages.newsletterConfirmInvalid);
        await unsubscribeByToken(db, token);
        return { ok: true as const, message: messages.unsubscribed };
      },
    );
  });
};
