import { lazy } from 'react';

/**
 * The live-sessions feature's entry for other pages (issue 35): the learner's next sessions of a course or
 * plan, loaded in its own chunk when a page shows it (the course page, the plan page, the player).
 */
export const UpcomingLiveSessionsFor = lazy(() => import('./upcoming-for'));
