import { messages } from '@shop/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

interface FieldIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/** Each invalid field's first message, by its dotted path ('body' for the whole). */
export function fieldMessages(issues: readonly FieldIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const name = path.map(String).join('.') || 'body';
    fields[name] ??= issue.params?.issue?.message ?? issue.message ?? 'is not valid';
  }
  return fields;
}

/** One place turns every failure into `{ ok: false, message }`; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ ...error.details, ok: false, message: error.message, fields: error.fields });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldMessages(error.validation as FieldIssue[]);
      const where = error.validationContext ?? 'request';
      const first = Object.entries(fields)[0];
      const message = first ? `${where} field "${first[0]}" ${first[1]}` : messages.invalidRequest;
      return reply.status(400).send({ ok: false, message, fields });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ ok: false, message: messages.bodyTooLarge });
    if (status === 429)
      return reply.status(429).send({ ok: false, message: error.message || messages.tooManyRequests });
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (bad JSON, wrong content type) carry safe, useful messages.
      return reply.status(status).send({ ok: false, message: error.message || messages.invalidRequest });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ ok: false, message: messages.serverError });
  });
}
