/**
 * The learner's side of a lesson's own video (issue 15): the playback grant (signed playlist URL and
 * watermark), ending the streams on the learner's other devices, the signed playlists, keys and
 * (ciphertext) segments, the poster, and the console's two numbers for the device limit.
 */
export const playbackPaths = {
  playback: '/api/learn/:courseId/lessons/:lessonId/playback',
  /** A live session's recording: the same signed grant as a lesson's video, for the session's audience once released. */
  recording: '/api/live-sessions/:id/recording/playback',
  stopOtherDevices: '/api/learn/playback/stop-other-devices',
  master: '/api/video/:videoId/master.m3u8',
  mediaPlaylist: '/api/video/:videoId/:rung/index.m3u8',
  /** The one key of a video transcoded before keys rotated (served as key 0). */
  key: '/api/video/:videoId/key',
  /** One of a video's keys: each covers 10 minutes of video (decision 0028). */
  rotatedKey: '/api/video/:videoId/keys/:keyIndex',
  captions: '/api/video/:videoId/captions.vtt',
  poster: '/api/video/:videoId/poster.jpg',
  segment: '/api/video/:videoId/:rung/:segment',
  adminSettings: '/api/admin/video-settings',
} as const;
