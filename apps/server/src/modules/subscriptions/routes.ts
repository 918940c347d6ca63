import {
  cancelSubscriptionResponse,
  errorResponse,
  mySubscriptionsResponse,
  subscribeBody,
  subscribeResponse,
  subscriptionPaths,
  verifySubscriptionBody,
  verifySubscriptionResponse,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { cancelSubscription } from './cancel-subscription.js';
import { changePaymentMethod } from './change-payment-method.js';
import { listMySubscriptions } from './list-my-subscriptions.js';
import { resumeSubscription } from './resume-subscription.js';
import { subscribe } from './subscribe.js';
import { verifySubscription } from './verify-subscription.js';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** Subscribing, verifying the checkout, and the learner's own memberships; all signed in, POSTs origin-checked. */
export const subscriptionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    subscriptionPaths.subscribe,
    {
      schema: {
        body: subscribeBody,
        response: {
          201: subscribeResponse,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
          503: errorResponse,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await subscribe(deps, requireUser(request), request.body.planId, new Date(), {
          disclaimerAccepted: request.body.disclaimerAccepted === true,
        }),
      ),
  );
  app.post(
    subscriptionPaths.verify,
    {
      schema: {
        body: verifySubscriptionBody,
        response: {
          200: verifySubscriptionResponse,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
          503: errorResponse,
        },
      },
    },
    async (request) => verifySubscription(deps, requireUser(request), request.body),
  );
  app.get(
    subscriptionPaths.mine,
    { schema: { response: { 200: mySubscriptionsResponse, 401: errorResponse } } },
    async (request) => listMySubscriptions(deps.db, requireUser(request).id),
  );
  app.post(
    subscriptionPaths.cancel,
    {
      schema: {
        params: idParams,
        response: {
          200: cancelSubscriptionResponse,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
          503: errorResponse,
        },
      },
    },
    async (request) => cancelSubscription(deps, requireUser(request), request.params.id),
  );
  // Resume before the end and a new payment method: a new authorisation, answered like subscribing.
  const replacementSchema = {
    params: idParams,
    response: {
      201: subscribeResponse,
      400: errorResponse,
      401: errorResponse,
      404: errorResponse,
      409: errorResponse,
      503: errorResponse,
    },
  };
  app.post(subscriptionPaths.resume, { schema: replacementSchema }, async (request, reply) =>
    reply.status(201).send(await resumeSubscription(deps, requireUser(request), request.params.id)),
  );
  app.post(subscriptionPaths.changeMethod, { schema: replacementSchema }, async (request, reply) =>
    reply.status(201).send(await changePaymentMethod(deps, requireUser(request), request.params.id)),
  );
};
