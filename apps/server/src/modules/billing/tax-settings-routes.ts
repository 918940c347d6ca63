import { adminTaxSettingsResponse, billingPaths, messages, taxSettingsInput } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { acceptRawBody } from '../../plugins/raw-body.js';
import { currentTaxSettings } from './tax-settings-current.js';
import { getTaxSettings, removeSignature, saveSignature, saveTaxSettings } from './tax-settings-save.js';
import { loadSignature, SIGNATURE_MAX_BYTES } from './tax-settings-signature.js';

/** The console's tax settings page. Registered inside the admin scope, which checks the role first. */
export const taxSettingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const answer = { schema: { response: { 200: adminTaxSettingsResponse } } };
  app.get(billingPaths.adminTaxSettings, answer, async () => ({
    ok: true as const,
    settings: await getTaxSettings(deps),
  }));
  app.put(
    billingPaths.adminTaxSettings,
    { schema: { body: taxSettingsInput, response: { 200: adminTaxSettingsResponse } } },
    async (request) => ({
      ok: true as const,
      message: messages.taxSettingsSaved,
      settings: await saveTaxSettings(deps, requireAdmin(request), request.body),
    }),
  );
  app.get(billingPaths.adminSignature, async (_request, reply) => {
    const { signature } = await currentTaxSettings(deps.db, deps.config.tax);
    const png = signature ? await loadSignature(deps.config.dataDir, signature) : undefined;
    if (!png) throw new AppError('not_found', messages.taxSignatureRemoved);
    return reply.type('image/png').header('cache-control', 'private, no-store').send(png);
  });
  app.delete(billingPaths.adminSignature, answer, async (request) => ({
    ok: true as const,
    message: messages.taxSignatureRemoved,
    settings: await removeSignature(deps, requireAdmin(request)),
  }));

  // The browser sends the image file itself as the body, as for thumbnails.
  await app.register(async (scope) => {
    acceptRawBody(scope, 'buffer', SIGNATURE_MAX_BYTES, messages.taxSignatureTooLarge);
    scope.post(billingPaths.adminSignature, answer, async (request) => {
      const admin = requireAdmin(request);
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return {
        ok: true as const,
        message: messages.taxSignatureSaved,
        settings: await saveSignature(deps, admin, bytes),
      };
    });
  });
};
