import { contactPaths, contactRequest, contactResponse, errorResponse, messages } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { perIpLimit } from '../../plugins/rate-limit-options.js';
import { sendContactMessage } from './send-contact-message.js';

export const contactRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, mail, config }) => {
  app.post(
    contactPaths.contact,
    {
      config: { skipSession: true, rateLimit: perIpLimit(5, '1 hour', messages.contactTooMany) },
      schema: {
        body: contactRequest,
        response: { 200: contactResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const { user_name, user_email, message, web } = request.body;
      await sendContactMessage(
        { db, mail, config, log: request.log },
        { name: user_name, email: user_email, message, website: web || null, ip: request.ip },
      );
      return { ok: true as const, message: messages.contactSent };
    },
  );
};
