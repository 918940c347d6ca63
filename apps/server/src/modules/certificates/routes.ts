import {
  certificateClaimRequest,
  certificateIssuedResponse,
  certificateNameRequest,
  certificateNameResponse,
  certificateParams,
  certificatePaths,
  certificateResponse,
  errorResponse,
  messages,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { perIpLimit } from '../../plugins/rate-limit-options.js';
import { getCertificateName, saveCertificateName } from './certificate-name.js';
import { downloadCertificate } from './download-certificate.js';
import { reissueCertificate } from './reissue-certificate.js';
import { verifyCertificate } from './verify-certificate.js';

/** Certificates: the public verification, the learner's PDF, and the name the learner prints on them. */
export const certificateRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config } = deps;
  app.get(
    certificatePaths.certificate,
    {
      config: { skipSession: true },
      schema: { params: certificateParams, response: { 200: certificateResponse, 404: errorResponse } },
    },
    async (request) => ({ ok: true as const, certificate: await verifyCertificate(db, config, request.params.id) }),
  );

  app.get(
    certificatePaths.pdf,
    {
      // A first render costs tens of milliseconds of CPU: plenty for a learner, too little to keep the server busy.
      config: { rateLimit: perIpLimit(60, '1 minute', messages.orderDocumentTooMany) },
      schema: {
        params: certificateParams,
        // The PDF goes out as it is; only refusals are JSON.
        response: {
          200: z.instanceof(Buffer),
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const file = await downloadCertificate(db, config, request.user, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.pdf);
    },
  );

  app.get(
    certificatePaths.name,
    { schema: { response: { 200: certificateNameResponse, 401: errorResponse } } },
    async (request) => ({ ok: true as const, ...(await getCertificateName(db, requireUser(request))) }),
  );

  app.post(
    certificatePaths.name,
    {
      schema: {
        body: certificateNameRequest,
        response: { 200: certificateNameResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await saveCertificateName(db, user, request.body);
      return { ok: true as const, ...(await getCertificateName(db, user)) };
    },
  );

  app.post(
    certificatePaths.reissue,
    {
      schema: {
        params: certificateParams,
        body: certificateClaimRequest,
        response: {
          200: certificateIssuedResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => ({
      ok: true as const,
      certificateId: await reissueCertificate(deps, request.user, request.params.id, request.body),
    }),
  );
};
