import path from 'node:path';
import type { AdminCourseFile } from '@shop/shared';
import { messages } from '@shop/shared';
import { changeWithAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import {
  addCourseFileRow,
  courseFileKey,
  findCourseFileRow,
  listCourseFileRows,
  removeCourseFileRow,
} from '../learning/index.js';
import { loadCourse } from './course-record.js';

export const COURSE_FILE_MAX_BYTES = 50 * 1024 * 1024;

/** What learners may be handed: documents, sheets, archives and images; never HTML or scripts. */
const ALLOWED_TYPES: Record<string, string> = {
  'application/pdf': '.pdf',
  'application/zip': '.zip',
  'application/x-zip-compressed': '.zip',
  'text/csv': '.csv',
  'text/plain': '.txt',
  'application/vnd.ms-excel': '.xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': '.pptx',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
};

export function toAdminCourseFile(row: {
  id: string;
  name: string;
  size_bytes: number;
  content_type: string;
  created_at: string;
}): AdminCourseFile {
  return {
    id: row.id,
    name: row.name,
    sizeBytes: row.size_bytes,
    contentType: row.content_type,
    createdAt: row.created_at,
  };
}

export async function listCourseFiles(db: Db, courseId: string): Promise<AdminCourseFile[]> {
  await loadCourse(db, courseId);
  return (await listCourseFileRows(db, courseId)).map(toAdminCourseFile);
}

/** A file name a learner will see: no folders, no control characters, at most 200 characters. */
function cleanFileName(name: string): string {
  const base = path
    .basename(name.replace(/\\/g, '/'))
    .replace(/[\p{Cc}"]/gu, '')
    .trim();
  return base.slice(-200);
}

/**
 * Stores an uploaded course file privately (storage's course-files/, reached only through the
 * learners' signed links) and lists it; the bytes are written first and removed again if the row
 * cannot be, so a row never points at nothing.
 */
export async function addCourseFile(
  db: Db,
  storage: ObjectStorage,
  actor: SessionUser,
  courseId: string,
  input: { name: string; contentType: string; bytes: Buffer },
  now = new Date(),
): Promise<AdminCourseFile> {
  await loadCourse(db, courseId);
  const name = cleanFileName(input.name);
  if (!name) throw new AppError('bad_request', messages.adminFileNameMissing, { name: messages.adminFileNameMissing });
  const contentType = input.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = ALLOWED_TYPES[contentType];
  if (!extension) throw new AppError('bad_request', messages.adminFileType);
  if (input.bytes.length === 0) throw new AppError('bad_request', messages.adminFileEmpty);
  const id = newId();
  const storedName = `${id}${extension}`;
  const key = courseFileKey(storedName);
  await storage.put(key, input.bytes, { contentType });
  const row = {
    id,
    course_id: courseId,
    name,
    stored_name: storedName,
    size_bytes: input.bytes.length,
    content_type: contentType,
    created_at: now.toISOString(),
  };
  try {
    await changeWithAudit(
      db,
      actor,
      (trx) => addCourseFileRow(trx, row),
      { action: 'course_file.add', entity: 'course', entityId: courseId, before: null, after: toAdminCourseFile(row) },
      now,
    );
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  return toAdminCourseFile(row);
}

/** Removes a course file: the row (and audit) first, then the bytes, so no link ever serves a half-deleted file. */
export async function removeCourseFile(
  db: Db,
  storage: ObjectStorage,
  actor: SessionUser,
  courseId: string,
  fileId: string,
  now = new Date(),
): Promise<void> {
  const row = await findCourseFileRow(db, courseId, fileId);
  if (!row) throw new AppError('not_found', messages.adminFileMissing);
  await changeWithAudit(
    db,
    actor,
    (trx) => removeCourseFileRow(trx, fileId),
    { action: 'course_file.remove', entity: 'course', entityId: courseId, before: toAdminCourseFile(row), after: null },
    now,
  );
  await storage.delete(courseFileKey(row.stored_name));
}
