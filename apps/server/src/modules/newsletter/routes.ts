import { errorResponse, messages, newsletterRequest, newsletterResponse } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { perIpLimit } from '../../plugins/rate-limit-options.js';
import { insertSubscriber } from './repo.js';

export const newsletterRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/newsletter',
    {
      config: { skipSession: true, rateLimit: perIpLimit(5, '1 hour', messages.newsletterTooMany) },
      schema: {
        body: newsletterRequest,
        response: { 200: newsletterResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await insertSubscriber(db, request.body.email);
      // The same answer for a new and a known address: the form must not reveal who is subscribed.
      return { ok: true as const, message: messages.newsletterSubscribed };
    },
  );
};
