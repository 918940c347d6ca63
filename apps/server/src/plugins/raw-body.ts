import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Makes a registered scope take its bodies as they come, whatever their content type (a file, an image,
 * a caption text sent as itself): bytes or text, at most `bodyLimit` bytes. A larger body is answered 413
 * with `tooLarge`, the message that names the limit to the operator.
 */
export function acceptRawBody(
  scope: FastifyInstance,
  parseAs: 'buffer' | 'string',
  bodyLimit: number,
  tooLarge: string,
): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs, bodyLimit }, (_request, body, done) => done(null, body));
  scope.setErrorHandler((error: Error & { code?: string }) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('payload_too_large', tooLarge);
    throw error;
  });
}
