/** The live-sessions module (issue 35): a learner's upcoming sessions, joining one, its calendar file; the console's schedule. */
export const liveSessionPaths = {
  /** The sessions the signed-in learner may attend, soonest first (ended and cancelled ones left out). */
  mine: '/api/live-sessions',
  /** Inside the join window (15 minutes before the start until the end): the meeting's address; records attendance. */
  join: '/api/live-sessions/:id/join',
  /** The session as an iCalendar file: its UID, start, end and the shop's page (never the meeting's address). */
  calendar: '/api/live-sessions/:id/calendar.ics',
  adminSessions: '/api/admin/live-sessions',
  adminSession: '/api/admin/live-sessions/:id',
  /** Who joined and when (`?format=csv` downloads it). */
  adminAttendance: '/api/admin/live-sessions/:id/attendance',
  /** The recordings the signed-in learner may watch, released and ready, newest session first (`?courseId=` or `?planId=` narrows). */
  recordings: '/api/live-sessions/recordings',
  /** A past session's recording in the console: its video and job, and its release date (PUT); DELETE removes it. */
  adminRecording: '/api/admin/live-sessions/:id/recording',
  /** tus (resumable) uploads of a past session's recording, as a lesson's video's. */
  adminRecordingUploads: '/api/admin/live-sessions/:id/recording/uploads',
  adminRecordingUpload: '/api/admin/live-sessions/:id/recording/uploads/:uploadId',
} as const;
