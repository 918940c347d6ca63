import { errorResponse, messages } from '@shop/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { perIpLimit } from './rate-limit-options.js';

/**
 * A buyer's tax document route (an order's or a membership charge's invoice and credit note): a PDF costs
 * tens of milliseconds of CPU, so 60 a minute per address is enough for any buyer and too little to keep
 * the server busy. The PDF goes out as it is; only refusals are JSON.
 */
export function pdfDownloadOptions<Params extends z.ZodTypeAny>(params: Params) {
  return {
    config: { rateLimit: perIpLimit(60, '1 minute', messages.orderDocumentTooMany) },
    schema: {
      params,
      response: { 200: z.instanceof(Buffer), 401: errorResponse, 404: errorResponse, 429: errorResponse },
    },
  };
}

/** Sends the document as a private download, never stored by a shared cache. */
export function sendPdf(reply: FastifyReply, file: { fileName: string; pdf: Buffer }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.pdf);
}
