import {
  deleteAccountRequest,
  deleteAccountResponse,
  doneResponse,
  errorResponse,
  messages,
  myDataExport,
  privacyPaths,
  privacyStatusResponse,
  verifyEmailTokenRequest,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearSessionCookie, requireUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { hasPassword } from '../accounts/index.js';
import { isSubscribed, unsubscribeAddress } from '../newsletter/manage-subscription.js';
import { confirmAccountDeletion, deleteMyAccount } from './delete-my-account.js';
import { exportMyData } from './export-my-data.js';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse };

/** The privacy centre (DPDP Act 2023): see and download one's data, withdraw consent, delete the account. */
export const privacyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config } = deps;

  app.get(
    privacyPaths.privacy,
    { schema: { response: { 200: privacyStatusResponse, 401: errorResponse } } },
    async (request) => {
      const user = requireUser(request);
      return {
        ok: true as const,
        hasPassword: await hasPassword(db, user.id),
        newsletterSubscribed: await isSubscribed(db, user.email),
      };
    },
  );

  app.get(
    privacyPaths.export,
    { schema: { response: { 200: myDataExport, 401: errorResponse, 429: errorResponse } } },
    async (request, reply) => {
      const user = requireUser(request);
      const data = await exportMyData(db, user);
      // Only the export itself is a file to save: a refusal stays a message.
      reply.header('content-disposition', 'attachment; filename="my-data.json"');
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.post(
    privacyPaths.newsletterUnsubscribe,
    { schema: { response: { 200: doneResponse, ...refusals } } },
    async (request) => {
      const user = requireUser(request);
      await unsubscribeAddress(db, user.email);
      return { ok: true as const, message: messages.unsubscribed };
    },
  );

  app.post(
    privacyPaths.delete,
    { schema: { body: deleteAccountRequest, response: { 200: deleteAccountResponse, ...refusals } } },
    async (request, reply) => {
      const user = requireUser(request);
      const deleted = await deleteMyAccount(deps, user.id, request.body.password, request.ip);
      if (!deleted) return { ok: true as const, deleted: false, message: messages.deleteLinkSent };
      clearSessionCookie(reply, config);
      return { ok: true as const, deleted: true, message: messages.accountDeleted };
    },
  );

  app.post(
    privacyPaths.deleteConfirm,
    { schema: { body: verifyEmailTokenRequest, response: { 200: deleteAccountResponse, ...refusals } } },
    async (request, reply) => {
      const deletedId = await confirmAccountDeletion(deps, request.body.token);
      // A browser signed in as someone else keeps its session; the deleted account's is gone anyway.
      if (request.user?.id === deletedId) clearSessionCookie(reply, config);
      return { ok: true as const, deleted: true, message: messages.accountDeleted };
    },
  );
};
