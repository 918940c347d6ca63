import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { messages } from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireAdmin, type SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import * as repo from './repo.js';
import type { createUploadServer, UploadOwner } from './upload-server.js';

export interface UploadRequest {
  method: string;
  /** Path and query, as the request named them. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The request's body, untouched by Fastify's parsers (a PATCH carries up to 4 GB). */
  body: Readable;
  owner: UploadOwner;
  uploadId?: string;
  operator: SessionUser | null;
}

export interface UploadAnswer {
  status: number;
  headers: Record<string, string>;
  /** Null for the protocol's bodiless answers; `{ ok: false, message }` for a refusal. */
  body: { ok: false; message: string } | null;
}

const sameOwner = (a: UploadOwner | null, b: UploadOwner) =>
  a !== null &&
  ('lessonId' in a
    ? 'lessonId' in b && a.lessonId === b.lessonId
    : 'liveSessionId' in b && a.liveSessionId === b.liveSessionId);

/**
 * Hands an upload request to the tus server once the lesson exists (a live session's recording: its
 * route checked the session first) and, for an existing upload, the upload was made for this owner.
 * tus's plain-text refusals become the shop's one error shape; a 5xx never shows its internals.
 */
export async function relayUpload(
  db: Db,
  uploads: ReturnType<typeof createUploadServer>,
  request: UploadRequest,
): Promise<UploadAnswer> {
  const { owner } = request;
  if ('lessonId' in owner && !(await repo.findLesson(db, owner.lessonId)))
    throw new AppError('not_found', messages.videoLessonNotFound);
  if (request.uploadId !== undefined && !sameOwner(await uploads.ownerOfUpload(request.uploadId), owner)) {
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

/** A Fastify request relayed to tus and tus's answer sent back through Fastify (headers, no-store, error shape). */
export async function relayToTus(
  db: Db,
  uploads: ReturnType<typeof createUploadServer>,
  request: FastifyRequest,
  reply: FastifyReply,
  owner: UploadOwner,
  uploadId: string | undefined,
) {
  const answer = await relayUpload(db, uploads, {
    method: request.method,
    url: request.url,
    headers: request.raw.headers,
    body: request.raw,
    operator: requireAdmin(request),
    owner,
    ...(uploadId === undefined ? {} : { uploadId }),
  });
  return reply
    .status(answer.status)
    .headers(answer.headers)
    .send(answer.body ?? undefined);
}
