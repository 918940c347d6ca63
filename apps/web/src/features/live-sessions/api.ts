import type { LiveJoinResponse, LiveSession, LiveSessionsResponse } from '@shop/shared';
import { liveSessionPaths, pathWith } from '@shop/shared';
import { api } from '../../lib/api';

export const liveSessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The sessions the signed-in learner may attend, soonest first. */
    getMyLiveSessions: build.query<LiveSession[], void>({
      query: () => liveSessionPaths.mine,
      transformResponse: (response: LiveSessionsResponse) => response.sessions,
    }),
    /** Inside the window: the meeting's address (attendance recorded); before it, 409 with `joinOpensAt`. */
    joinLiveSession: build.mutation<LiveJoinResponse, string>({
      query: (id) => ({ url: pathWith(liveSessionPaths.join, { id }), method: 'POST' }),
    }),
  }),
});

export const { useGetMyLiveSessionsQuery, useJoinLiveSessionMutation } = liveSessionsApi;
