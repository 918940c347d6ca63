import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import * as repo from './repo.js';
import type { createUploadServer } from './upload-server.js';

export interface UploadRequest {
  method: string;
  /** Path and query, as the request named them. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The request's body, untouched by Fastify's parsers (a PATCH carries up to 4 GB). */
  body: Readable;
  lessonId: string;
  uploadId?: string;
  operator: SessionUser | null;
}

export interface UploadAnswer {
  status: number;
  headers: Record<string, string>;
  /** Null for the protocol's bodiless answers; `{ ok: false, message }` for a refusal. */
  body: { ok: false; message: string } | null;
}

/**
 * Hands an upload request to the tus server once the lesson exists and, for an existing upload, the
 * upload was made for this lesson. tus's plain-text refusals become the shop's one error shape; a 5xx
 * never shows its internals.
 */
export async function relayUpload(
  db: Db,
  uploads: ReturnType<typeof createUploadServer>,
  request: UploadRequest,
): Promise<UploadAnswer> {
  if (!(await repo.findLesson(db, request.lessonId))) throw new AppError('not_found', messages.videoLessonNotFound);
  if (request.uploadId !== undefined && (await uploads.lessonOfUpload(request.uploadId)) !== request.lessonId) {
    throw new AppError('not_found', messages.videoUploadNotFound);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const hasBody =
    request.method === 'PATCH' || (request.method === 'POST' && Number(headers.get('content-length')) > 0);
  const response = await uploads.handle(
    new Request(new URL(request.url, 'http://localhost'), {
      method: request.method,
      headers,
      body: hasBody ? (Readable.toWeb(request.body) as ReadableStream) : undefined,
      duplex: 'half',
    } as RequestInit),
    request.operator,
  );
  const answerHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'content-type') answerHeaders[name] = value;
  });
  const text = await response.text();
  if (response.status < 400) return { status: response.status, headers: answerHeaders, body: null };
  const message = response.status >= 500 ? messages.serverError : text.trim() || messages.serverError;
  return { status: response.status, headers: answerHeaders, body: { ok: false, message } };
}
