import { lazy } from 'react';

/**
 * The live-sessions feature's entry for other pages (issue 35): the learner's next sessions of a course or
 * plan, and its recordings, each loaded in its own chunk when a page shows it (the course page, the plan
 * page, the player); the recordings' list and date for the recording's own page.
 */
export const UpcomingLiveSessionsFor = lazy(() => import('./upcoming-for'));
export const LiveRecordingsFor = lazy(() => import('./recordings-for'));
export { useGetMyLiveRecordingsQuery } from './api';
export { recordingDate } from './recording-date';
