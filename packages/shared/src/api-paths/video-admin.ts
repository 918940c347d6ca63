/**
 * The console's side of a lesson's own video (issue 15): the tus upload (POST creates, HEAD and PATCH
 * on the upload resume it), the video's state and job, a retry of a failed job, and its captions.
 */
export const videoAdminPaths = {
  uploads: '/api/admin/lessons/:lessonId/video/uploads',
  upload: '/api/admin/lessons/:lessonId/video/uploads/:uploadId',
  video: '/api/admin/lessons/:lessonId/video',
  retry: '/api/admin/lessons/:lessonId/video/retry',
  captions: '/api/admin/lessons/:lessonId/video/captions',
} as const;
