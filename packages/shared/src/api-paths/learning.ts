export const learningPaths = {
  enrolledCourses: '/api/enrolled-courses',
  course: '/api/learn/:courseId',
  progress: '/api/learn/:courseId/lessons/:lessonId/progress',
  previews: '/api/learn/:courseId/previews',
  file: '/api/files/:fileId',
} as const;
