export const learningPaths = {
  enrolledCourses: '/api/enrolled-courses',
  course: '/api/learn/:courseId',
  progress: '/api/learn/:courseId/lessons/:lessonId/progress',
  previews: '/api/learn/:courseId/previews',
  certificate: '/api/learn/:courseId/certificate',
  file: '/api/files/:fileId',
} as const;
