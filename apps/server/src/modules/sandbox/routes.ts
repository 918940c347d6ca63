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
import { handleWebhook } from '../orders/handle-webhook.js';
import { findOwnOrder } from '../orders/verify-payment.js';

const widget = fs.readFileSync(path.join(serverRoot, 'src/modules/sandbox/checkout-widget.js'), 'utf8');

/** An order's payment (`order_id`), or a subscription's authorisation (`subscription_id`), never both. */
const payBody = z
  .object({
    order_id: z.string().min(1).max(64).optional(),
    subscription_id: z.string().min(1).max(64).optional(),
    outcome: z.enum(['captured', 'failed']),
    /** The widget's card choice: an Indian card (the default) or one issued abroad. */
    card: z.enum(['domestic', 'international']).optional(),
  })
  .refine((body) => (body.order_id === undefined) !== (body.subscription_id === undefined), {
    message: 'Give an order_id or a subscription_id.',
  });
/** Razorpay's checkout answers: a captured payment signed, a failed one as its error payload, never signed. */
const payResponse = z.object({
  ok: z.literal(true),
  razorpay_order_id: z.string().optional(),
  razorpay_subscription_id: z.string().optional(),
  razorpay_payment_id: z.string(),
  razorpay_signature: z.string().optional(),
  error: z
    .object({ code: z.string(), description: z.string(), source: z.string(), step: z.string(), reason: z.string() })
    .optional(),
});

/** Test-mode payments, served only while no Razorpay key is configured. */
export const sandboxRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, gateway } = deps;
  if (!(gateway instanceof SandboxGateway)) return;

  // The webhooks Razorpay would send (a subscription's authorisation, charges, cancellation) reach the
  // shop's own webhook handler, as Razorpay's would: after the call that caused them has answered, each
  // through the same signature check and once-only record. The app waits for them before it closes
  // (SandboxGateway.webhooksSettled).
  gateway.onWebhook = (delivery) =>
    new Promise((resolve) => setImmediate(resolve))
      .then(() => handleWebhook(deps, Buffer.from(delivery.body), delivery.headers, app.log))
      .catch((error: unknown) => app.log.warn({ err: error }, 'sandbox webhook not delivered'));
  app.addHook('onClose', async () => {
    await gateway.webhooksSettled();
    gateway.onWebhook = undefined;
  });

  app.get(sandboxPaths.checkoutScript, { config: { skipSession: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(widget),
  );

  app.post(
    sandboxPaths.pay,
    { schema: { body: payBody, response: { 200: payResponse, 409: errorResponse } } },
    async (request) => {
      const user = requireUser(request);
      const { order_id: orderId, subscription_id: subscriptionId, outcome, card } = request.body;
      try {
        if (subscriptionId !== undefined) {
          // The subscriptions module names its learner in the gateway subscription's notes (`userId`).
          const subscription = await gateway.fetchSubscription(subscriptionId).catch(() => undefined);
          if (subscription?.notes.userId !== user.id)
            throw new AppError('not_found', 'No such subscription for this account.');
          return { ok: true as const, ...(await gateway.authenticate(subscriptionId, outcome)).answer };
        }
        const order = await findOwnOrder(db, String(orderId), user.id);
        if (!order) throw new AppError('not_found', 'No such order for this account.');
        return {
          ok: true as const,
          ...(await gateway.pay(String(orderId), outcome, card)),
        };
      } catch (error) {
        if (error instanceof GatewayRejectedError) throw new AppError('conflict', error.message);
        throw error;
      }
    },
  );
};
