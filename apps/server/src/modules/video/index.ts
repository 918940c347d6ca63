/**
 * The video module's face to the shell: the video storage `app.ts` builds, the one transcode queue per
 * process (`AppDeps.videoQueue`) and the background work a worker starts (`run-jobs.ts`). The console's
 * routes are registered by the admin scope (`routes.ts`).
 */
export { createVideoStorage, videoBucketOrigins } from './create-video-storage.js';
export { DEMO_CLIPS_JOB } from './make-demo-clips.js';
export {
  deleteRecordingVideos,
  type ReadyRecording,
  readRecordingVideo,
  readyRecordings,
  recordingUploadRoutes,
} from './recording-videos.js';
export { createLessonVideoQueue, startVideoWork } from './video-work.js';
