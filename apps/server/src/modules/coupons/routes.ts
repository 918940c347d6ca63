import { couponParams, couponPaths, couponResponse, errorResponse, messages } from '@shop/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { findUsableCoupon } from './find-usable-coupon.js';

/** Enough for a learner who mistypes a few times; too few to guess codes by trying them. */
const LOOKUPS_PER_MINUTE = 30;

export const couponRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    couponPaths.coupon,
    {
      config: {
        rateLimit: {
          max: LOOKUPS_PER_MINUTE,
          timeWindow: '1 minute',
          // after the session hook, so each signed-in learner has their own allowance
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
        },
      },
      schema: {
        params: couponParams,
        response: { 200: couponResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const coupon = await findUsableCoupon(db, request.params.code, user.id);
      if (!coupon) throw new AppError('not_found', messages.couponInvalid);
      return {
        ok: true as const,
        message: messages.couponValid,
        coupon: { id: coupon.id, discountPercentage: coupon.percent },
      };
    },
  );
};
