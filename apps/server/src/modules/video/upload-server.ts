import path from 'node:path';
import { liveSessionPaths, messages, pathWith, videoAdminPaths } from '@shop/shared';
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

/**
 * What an upload is a video of: a lesson's, or a past live session's recording (issue 35). Each kind has
 * its URLs; an upload keeps its owner in its tus metadata, so it can only be continued under that owner.
 */
export type UploadOwner = { lessonId: string } | { liveSessionId: string };
export type UploadOwnerKind = 'lesson' | 'recording';

const OWNER_URLS: Record<UploadOwnerKind, { pattern: RegExp; url: (ownerId: string, uploadId: string) => string }> = {
  lesson: {
    pattern: /\/lessons\/([^/]+)\/video\/uploads/,
    url: (lessonId, uploadId) => pathWith(videoAdminPaths.upload, { lessonId, uploadId }),
  },
  recording: {
    pattern: /\/live-sessions\/([^/]+)\/recording\/uploads/,
    url: (id, uploadId) => pathWith(liveSessionPaths.adminRecordingUpload, { id, uploadId }),
  },
};

/** The tus metadata key that names an upload's owner of this kind (set by the server, never the client). */
const metadataKey = (kind: UploadOwnerKind) => (kind === 'lesson' ? 'lessonId' : 'liveSessionId');

export function ownerOf(metadata: Record<string, string | null> | undefined): UploadOwner | null {
  if (metadata?.lessonId) return { lessonId: metadata.lessonId };
  if (metadata?.liveSessionId) return { liveSessionId: metadata.liveSessionId };
  return null;
}

export interface FinishedUpload {
  owner: UploadOwner;
  /** The file on disk. */
  file: string;
  /** The name the operator's file had (tus metadata `filename`), for the console. */
  sourceName: string;
  /** The operator whose request delivered the last byte, for the audit row. */
  operator: SessionUser | null;
}

/** The owner's id an upload URL names; the routes checked it exists before the request reached tus. */
const ownerIdOf = (kind: UploadOwnerKind, request: Request) =>
  decodeURIComponent(OWNER_URLS[kind].pattern.exec(new URL(request.url).pathname)?.[1] ?? '');

/**
 * One file store per folder, shared by the lessons' and the recordings' upload servers of an app: one
 * creates the folder, and one sweep covers both. An upload left unfinished (the operator never came back
 * to resume it) is deleted a week after it began.
 */
const datastores = new Map<string, FileStore>();
function datastoreOf(directory: string): FileStore {
  let store = datastores.get(directory);
  if (!store) {
    store = new FileStore({ directory, expirationPeriodInMilliseconds: UNFINISHED_KEPT_MS });
    datastores.set(directory, store);
  }
  return store;
}

/**
 * The tus protocol (resumable uploads) over the file store: POST creates an upload for the lesson (or the
 * live session, for `recording`) in the URL, HEAD answers how much arrived, PATCH appends from there. When
 * the last byte arrives `onFinish` decides (probe, queue); an AppError it throws is answered with its
 * status and message. Both kinds share the one folder, so the lessons' sweep of abandoned uploads covers both.
 */
export function createUploadServer(
  dataDir: string,
  onFinish: (upload: FinishedUpload) => Promise<void>,
  kind: UploadOwnerKind = 'lesson',
) {
  const urls = OWNER_URLS[kind];
  const directory = videoUploadsDir(dataDir);
  // The operator behind each request handed to tus, for the hook that finishes an upload.
  const operators = new WeakMap<Request, SessionUser>();
  const datastore = datastoreOf(directory);
  const server = new Server({
    // Only used by tus's defaults, which the two functions below replace: uploads live under each lesson.
    path: '/api/admin/lessons/video/uploads',
    datastore,
    maxSize: VIDEO_MAX_BYTES,
    relativeLocation: true,
    // Same origin only: no CORS header is ever sent.
    allowedOrigins: [],
    generateUrl: (request, { id }) => urls.url(ownerIdOf(kind, request), id),
    getFileIdFromRequest: (_request, lastPath) => (lastPath && UPLOAD_ID.test(lastPath) ? lastPath : undefined),
    async onUploadCreate(request, upload) {
      // The owner is the URL's, whatever owner keys the client's metadata named.
      const { lessonId: _lesson, liveSessionId: _session, ...sent } = upload.metadata ?? {};
      return { metadata: { ...sent, [metadataKey(kind)]: ownerIdOf(kind, request) } };
    },
    async onUploadFinish(request, upload: Upload) {
      try {
        const owner = ownerOf(upload.metadata);
        if (!owner) throw new AppError('not_found', messages.videoUploadNotFound);
        await onFinish({
          owner,
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
    /** The lesson (or live session) an upload was made for, or null when there is no such upload. */
    async ownerOfUpload(uploadId: string): Promise<UploadOwner | null> {
      if (!UPLOAD_ID.test(uploadId)) return null;
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      return ownerOf(upload?.metadata);
    },
  };
}
