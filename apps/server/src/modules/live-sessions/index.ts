/**
 * The live-sessions module's face to other modules (issue 35): the sessions a learner joined, for the
 * console's learner page, and who may watch a session's recording (the playback module signs its links).
 * Its routes are registered by modules/index.ts and the admin scope.
 */
export { exportAttendanceOf as sessionsJoinedBy } from './personal-data.js';
export { recordingForViewer } from './recordings.js';
