export const notePaths = {
  notes: '/api/learn/:courseId/notes',
  markdown: '/api/learn/:courseId/notes.md',
  lessonNotes: '/api/learn/:courseId/lessons/:lessonId/notes',
  note: '/api/learn/:courseId/notes/:noteId',
} as const;
