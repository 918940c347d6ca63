import fs from 'node:fs';
import path from 'node:path';
import { errorResponse, sandboxPaths } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { serverRoot } from '../../paths.js';
import { GatewayRejectedError } from '../../payments/gateway.js';
import { SandboxGateway } from '../../payments/sandbox-gateway.js';
import { findOwnOrder } from '../orders/verify-payment.js';

const widget = fs.readFileSync(path.join(serverRoot, 'src/modules/sandbox/checkout-widget.js'), 'utf8');

const payBody = z.object({
  order_id: z.string().min(1).max(64),
  outcome: z.enum(['captured', 'failed']),
  /** The widget's card choice: an Indian card (the default) or one issued abroad. */
  card: z.enum(['domestic', 'international']).optional(),
});
/** Razorpay's checkout answers: a captured payment signed, a failed one as its error payload, never signed. */
const payResponse = z.object({
  ok: z.literal(true),
  razorpay_order_id: z.string(),
  razorpay_payment_id: z.string(),
  razorpay_signature: z.string().optional(),
  error: z
    .object({ code: z.string(), description: z.string(), source: z.string(), step: z.string(), reason: z.string() })
    .optional(),
});

/** Test-mode payments, served only while no Razorpay key is configured. */
export const sandboxRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, gateway }) => {
  if (!(gateway instanceof SandboxGateway)) return;

  app.get(sandboxPaths.checkoutScript, { config: { skipSession: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(widget),
  );

  app.post(
    sandboxPaths.pay,
    { schema: { body: payBody, response: { 200: payResponse, 409: errorResponse } } },
    async (request) => {
      const user = requireUser(request);
      const order = await findOwnOrder(db, request.body.order_id, user.id);
      if (!order) throw new AppError('not_found', 'No such order for this account.');
      try {
        return {
          ok: true as const,
          ...(await gateway.pay(request.body.order_id, request.body.outcome, request.body.card)),
        };
      } catch (error) {
        if (error instanceof GatewayRejectedError) throw new AppError('conflict', error.message);
        throw error;
      }
    },
  );
};
