export const learningPaths = {
  enrolledCourses: '/api/enrolled-courses',
  course: '/api/learn/:courseId',
  progress: '/api/learn/:courseId/lessons/:lessonId/progress',
  previews: '/api/learn/:courseId/previews',
  certificate: '/api/learn/:courseId/certificate',
  file: '/api/files/:fileId',
  /** The learner's daily digest of newly opened lessons (issue 35): on or off, and the mail's one-click off. */
  releaseDigest: '/api/learn/release-digest',
  releaseDigestUnsubscribe: '/api/learn/release-digest/unsubscribe',
} as const;
