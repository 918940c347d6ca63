import type { Readable } from 'node:stream';

/**
 * Where the shop keeps the files it writes (thumbnails, course files, video outputs): a folder of the
 * data directory on the embedded start, an S3-compatible bucket when the shop runs as several processes
 * (S3_BUCKET). Keys are the files' paths relative to DATA_DIR ("course-files/abc.pdf"), so an existing
 * data folder is already laid out as its bucket will be and `storage:copy` moves it as it is.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Writes (or replaces) an object; a reader sees the old or the new bytes, never half of them. */
  put(key: string, body: Buffer, options?: { contentType?: string }): Promise<void>;
  /** Writes a local file as an object, streamed (a course file or a video segment may be large). */
  putFile(key: string, localFile: string, options?: { contentType?: string }): Promise<void>;
  /** The object's bytes as a stream with its size, or null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  exists(key: string): Promise<boolean>;
  /** Removes an object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under a prefix ("video/abc/"), for removing a folder's worth. */
  list(prefix: string): Promise<string[]>;
  /**
   * A short-lived URL the browser may fetch the object from directly, or null when the store cannot
   * make one (the local folder: the shop streams the bytes itself).
   */
  presignedUrl(key: string, options: PresignOptions): Promise<string | null>;
  /** Throws when the store cannot be reached (readiness). */
  check(): Promise<void>;
}

export interface StoredObject {
  body: Readable;
  size: number;
}

export interface PresignOptions {
  expiresInSeconds: number;
  /** Sent back as the download's Content-Disposition and Content-Type. */
  contentDisposition?: string;
  contentType?: string;
}

// A key is a relative path of plain segments ("uploads/thumbs/x-700.webp"), never `..`, `.` or absolute.
const OBJECT_KEY = /^(?!.*(^|\/)\.\.?(\/|$))[\w.-]+(\/[\w.-]+)*$/;

export function checkedKey(key: string): string {
  if (key.length > 512 || !OBJECT_KEY.test(key)) throw new RangeError(`not an object key: ${JSON.stringify(key)}`);
  return key;
}

/** The folders of DATA_DIR whose files are objects (what `storage:copy` moves into a bucket). */
export const STORED_FOLDERS = ['course-files', 'uploads', 'video', 'video-keys'] as const;
