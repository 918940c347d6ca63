import { errorResponse, refundChargeResponse, subscriptionPaths } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { refundCharge } from './refund-charge.js';

const params = z.object({ id: z.string().min(1).max(64), paymentId: z.string().min(1).max(64) });

/** The operator's refund of one membership charge; registered inside the admin scope (role checked first). */
export const chargeRefundRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    subscriptionPaths.adminRefundCharge,
    {
      schema: {
        params,
        response: {
          200: refundChargeResponse,
          404: errorResponse,
          409: errorResponse,
          503: errorResponse,
        },
      },
    },
    async (request) => refundCharge(deps, requireAdmin(request), request.params.id, request.params.paymentId),
  );
};
