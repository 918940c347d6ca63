import type {
  CourseNotesResponse,
  CreateNoteInput,
  DeleteNoteResponse,
  SaveNoteResponse,
  UpdateNoteInput,
} from '@shop/shared';
import { notePaths, pathWith } from '@shop/shared';
import { api } from '../../lib/api';

const notesBase = api.enhanceEndpoints({ addTagTypes: ['Note'] });

/** The Markdown file of the learner's notes: a plain link, the server answers it as an attachment. */
export function notesExportUrl(courseId: string): string {
  return pathWith(notePaths.markdown, { courseId });
}

export const notesApi = notesBase.injectEndpoints({
  endpoints: (build) => ({
    getCourseNotes: build.query<CourseNotesResponse, string>({
      query: (courseId) => pathWith(notePaths.notes, { courseId }),
      providesTags: (_result, _error, courseId) => [{ type: 'Note', id: courseId }],
    }),
    createNote: build.mutation<SaveNoteResponse, { courseId: string; lessonId: string; input: CreateNoteInput }>({
      query: ({ courseId, lessonId, input }) => ({
        url: pathWith(notePaths.lessonNotes, { courseId, lessonId }),
        method: 'POST',
        body: input,
      }),
      invalidatesTags: (_result, _error, { courseId }) => [{ type: 'Note', id: courseId }],
    }),
    updateNote: build.mutation<SaveNoteResponse, { courseId: string; noteId: string; input: UpdateNoteInput }>({
      query: ({ courseId, noteId, input }) => ({
        url: pathWith(notePaths.note, { courseId, noteId }),
        method: 'PATCH',
        body: input,
      }),
      invalidatesTags: (_result, _error, { courseId }) => [{ type: 'Note', id: courseId }],
    }),
    deleteNote: build.mutation<DeleteNoteResponse, { courseId: string; noteId: string }>({
      query: ({ courseId, noteId }) => ({
        url: pathWith(notePaths.note, { courseId, noteId }),
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { courseId }) => [{ type: 'Note', id: courseId }],
    }),
  }),
});

export const { useGetCourseNotesQuery, useCreateNoteMutation, useUpdateNoteMutation, useDeleteNoteMutation } = notesApi;
