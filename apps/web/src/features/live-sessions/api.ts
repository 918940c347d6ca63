import type {
  LiveJoinResponse,
  LiveRecording,
  LiveRecordingsResponse,
  LiveSession,
  LiveSessionsResponse,
} from '@shop/shared';
import { liveSessionPaths, pathWith } from '@shop/shared';
import { api } from '../../lib/api';

/** A refused join may mean the session was moved: the list is read again. */
const liveBase = api.enhanceEndpoints({ addTagTypes: ['LiveSessions'] });

export const liveSessionsApi = liveBase.injectEndpoints({
  endpoints: (build) => ({
    /** The sessions the signed-in learner may attend, soonest first. */
    getMyLiveSessions: build.query<LiveSession[], void>({
      query: () => liveSessionPaths.mine,
      transformResponse: (response: LiveSessionsResponse) => response.sessions,
      providesTags: ['LiveSessions'],
    }),
    /** The released recordings of past sessions the learner may attend, newest first (all of them: pages filter). */
    getMyLiveRecordings: build.query<LiveRecording[], void>({
      query: () => liveSessionPaths.recordings,
      transformResponse: (response: LiveRecordingsResponse) => response.recordings,
    }),
    /** Inside the window: the meeting's address (attendance recorded); before it, 409 with `joinOpensAt`. */
    joinLiveSession: build.mutation<LiveJoinResponse, string>({
      query: (id) => ({ url: pathWith(liveSessionPaths.join, { id }), method: 'POST' }),
      invalidatesTags: (_result, error) => (error && error.status !== 403 ? ['LiveSessions'] : []),
    }),
  }),
});

export const { useGetMyLiveSessionsQuery, useGetMyLiveRecordingsQuery, useJoinLiveSessionMutation } = liveSessionsApi;
