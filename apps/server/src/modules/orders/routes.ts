import {
  createOrderBody,
  createOrderResponse,
  errorResponse,
  messages,
  orderPaths,
  verifyPaymentBody,
  verifyPaymentResponse,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { createOrder } from './create-order.js';
import { handleWebhook } from './handle-webhook.js';
import { verifyPayment } from './verify-payment.js';

const webhookResponse = z.object({ ok: z.literal(true), duplicate: z.boolean() });
const webhookParams = z.object({ provider: z.string().max(40) });

export const orderRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    orderPaths.createOrder,
    {
      schema: {
        body: createOrderBody,
        // Stryker disable next-line ObjectLiteral: the handler and the error handler answer exactly the contract's fields, so serialising without the schema gives the same JSON (docs/mutation-equivalents.md)
        response: {
          200: createOrderResponse,
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
          503: errorResponse,
        },
      },
    },
    async (request) => createOrder(deps, requireUser(request), request.body),
  );

  app.post(
    orderPaths.verifyPayment,
    {
      schema: {
        body: verifyPaymentBody,
        // Stryker disable next-line ObjectLiteral: the handler and the error handler answer exactly the contract's fields, so serialising without the schema gives the same JSON (docs/mutation-equivalents.md)
        response: {
          200: verifyPaymentResponse,
          // Stryker disable next-line ObjectLiteral,BooleanLiteral: no refusal carries `success`, so the optional field never shows
          400: errorResponse.extend({ success: z.literal(false).optional() }),
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request) => verifyPayment(deps, requireUser(request), request.body),
  );

  // Webhooks are signed over the exact bytes the provider sent, so this scope keeps the raw body. The
  // provider's name is the path's last part (Razorpay's URL is /api/webhooks/razorpay); its adapter reads it.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      orderPaths.webhook,
      {
        config: { skipOriginCheck: true, skipSession: true },
        // Stryker disable next-line ObjectLiteral: the handler and the error handler answer exactly the contract's fields, so serialising without the schema gives the same JSON (docs/mutation-equivalents.md)
        schema: { params: webhookParams, response: { 200: webhookResponse, 400: errorResponse, 404: errorResponse } },
      },
      async (request) => {
        const { provider } = request.params as z.infer<typeof webhookParams>;
        if (provider !== deps.gateway.webhookName) throw new AppError('not_found', messages.routeNotFound);
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await handleWebhook(deps, raw, request.headers, request.log);
        return { ok: true as const, duplicate: result.duplicate };
      },
    );
  });
};
