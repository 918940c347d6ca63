import path from 'node:path';
import { pathWith, videoAdminPaths } from '@shop/shared';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { SessionUser } from '../../auth/session.js';
import { AppError } from '../../errors.js';

/** Largest video an operator may upload (issue 15). */
export const VIDEO_MAX_BYTES = 4 * 1024 ** 3;
const UNFINISHED_KEPT_MS = 7 * 24 * 3600 * 1000;
/** The tus file store's ids: `crypto.randomBytes(16).toString('hex')`. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * Uploads wait under DATA_DIR/video-uploads (never under DATA_DIR/uploads, which is served publicly)
 * until their transcode is done.
 */
export const videoUploadsDir = (dataDir: string) => path.join(dataDir, 'video-uploads');

export interface FinishedUpload {
  lessonId: string;
  /** The file on disk. */
  file: string;
  /** The name the operator's file had (tus metadata `filename`), for the console. */
  sourceName: string;
  /** The operator whose request delivered the last byte, for the audit row. */
  operator: SessionUser | null;
}

/** The lesson an upload URL names; the routes checked it exists before the request reached tus. */
const lessonOf = (request: Request) =>
  decodeURIComponent(/\/lessons\/([^/]+)\/video\/uploads/.exec(new URL(request.url).pathname)?.[1] ?? '');

/**
 * The tus protocol (resumable uploads) over the file store: POST creates an upload for the lesson in the
 * URL, HEAD answers how much arrived, PATCH appends from there. When the last byte arrives `onFinish`
 * decides (probe, queue); an AppError it throws is answered with its status and message.
 */
export function createUploadServer(dataDir: string, onFinish: (upload: FinishedUpload) => Promise<void>) {
  const directory = videoUploadsDir(dataDir);
  // The operator behind each request handed to tus, for the hook that finishes an upload.
  const operators = new WeakMap<Request, SessionUser>();
  // An upload left unfinished (the operator never came back to resume it) is deleted a week after it began.
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: UNFINISHED_KEPT_MS });
  const server = new Server({
    // Only used by tus's defaults, which the two functions below replace: uploads live under each lesson.
    path: '/api/admin/lessons/video/uploads',
    datastore,
    maxSize: VIDEO_MAX_BYTES,
    relativeLocation: true,
    // Same origin only: no CORS header is ever sent.
    allowedOrigins: [],
    generateUrl: (request, { id }) => pathWith(videoAdminPaths.upload, { lessonId: lessonOf(request), uploadId: id }),
    getFileIdFromRequest: (_request, lastPath) => (lastPath && UPLOAD_ID.test(lastPath) ? lastPath : undefined),
    async onUploadCreate(request, upload) {
      return { metadata: { ...upload.metadata, lessonId: lessonOf(request) } };
    },
    async onUploadFinish(request, upload: Upload) {
      try {
        await onFinish({
          lessonId: upload.metadata?.lessonId ?? '',
          file: path.join(directory, upload.id),
          sourceName: (upload.metadata?.filename ?? '').slice(0, 300),
          operator: operators.get(request) ?? null,
        });
      } catch (error) {
        if (error instanceof AppError) throw { status_code: error.status, body: error.message };
        throw error;
      }
      return {};
    },
  });

  return {
    handle: (request: Request, operator: SessionUser | null) => {
      if (operator) operators.set(request, operator);
      return server.handleWeb(request);
    },
    /** Deletes unfinished uploads older than a week; finished ones wait for their job. */
    removeAbandoned: () => server.cleanUpExpiredUploads(),
    /** The lesson an upload was made for, or null when there is no such upload. */
    async lessonOfUpload(uploadId: string): Promise<string | null> {
      if (!UPLOAD_ID.test(uploadId)) return null;
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      return upload?.metadata?.lessonId ?? null;
    },
  };
}
