import {
  courseNotesResponse,
  deleteNoteResponse,
  errorResponse,
  learnParams,
  lessonProgressParams,
  noteParams,
  notePaths,
  saveNoteResponse,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { attachmentDisposition } from '../learning/content-disposition.js';
import { createNote } from './create-note.js';
import { deleteNote } from './delete-note.js';
import { exportNotesMarkdown } from './export-notes-markdown.js';
import { listCourseNotes } from './list-course-notes.js';
import { updateNote } from './update-note.js';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * A learner's private notes on the lessons of a course they own. Every call answers only the
 * caller's own notes: another learner's note id is 404, as if it did not exist. Bodies are checked
 * after access (in the use cases), so a visitor is asked to log in before hearing about fields.
 */
export const noteRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    notePaths.notes,
    { schema: { params: learnParams, response: { 200: courseNotesResponse, ...refusals } } },
    async (request) => listCourseNotes(deps, request.user, request.params.courseId),
  );

  app.get(
    notePaths.markdown,
    { schema: { params: learnParams, response: { 200: z.string(), ...refusals } } },
    async (request, reply) => {
      const { fileName, markdown } = await exportNotesMarkdown(deps, request.user, request.params.courseId);
      return reply
        .header('content-type', 'text/markdown; charset=utf-8')
        .header('content-disposition', attachmentDisposition(fileName))
        .header('x-content-type-options', 'nosniff')
        .send(markdown);
    },
  );

  app.post(
    notePaths.lessonNotes,
    { schema: { params: lessonProgressParams, response: { 200: saveNoteResponse, ...refusals, 409: errorResponse } } },
    async (request) => {
      const { courseId, lessonId } = request.params;
      return createNote(deps, request.user, courseId, lessonId, request.body);
    },
  );

  app.patch(
    notePaths.note,
    { schema: { params: noteParams, response: { 200: saveNoteResponse, ...refusals } } },
    async (request) => updateNote(deps, request.user, request.params.courseId, request.params.noteId, request.body),
  );

  app.delete(
    notePaths.note,
    { schema: { params: noteParams, response: { 200: deleteNoteResponse, ...refusals } } },
    async (request) => deleteNote(deps, request.user, request.params.courseId, request.params.noteId),
  );
};
