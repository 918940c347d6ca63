import type {
  AdminAttendanceResponse,
  AdminLiveSession,
  AdminLiveSessionInput,
  AdminLiveSessionPatch,
  AdminLiveSessionResponse,
  AdminLiveSessionsResponse,
  AdminRecordingResponse,
} from '@shop/shared';
import { liveSessionPaths, pathWith } from '@shop/shared';
import { adminApi } from './api';

export const liveSessionsAdminApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** Upcoming sessions first, then the recent past; cancelled ones left out. */
    listAdminLiveSessions: build.query<AdminLiveSession[], void>({
      query: () => liveSessionPaths.adminSessions,
      transformResponse: (r: AdminLiveSessionsResponse) => r.sessions,
      providesTags: ['Admin'],
    }),
    /** One session, or one per occurrence of a weekly repeat. */
    scheduleLiveSession: build.mutation<AdminLiveSessionResponse, AdminLiveSessionInput>({
      query: (body) => ({ url: liveSessionPaths.adminSessions, method: 'POST', body }),
      invalidatesTags: ['Admin'],
    }),
    /** One occurrence's change; the answer is the session as saved. */
    updateLiveSession: build.mutation<AdminLiveSessionResponse, { id: string; patch: AdminLiveSessionPatch }>({
      query: ({ id, patch }) => ({
        url: pathWith(liveSessionPaths.adminSession, { id }),
        method: 'PATCH',
        body: patch,
      }),
      invalidatesTags: ['Admin'],
    }),
    cancelLiveSession: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: pathWith(liveSessionPaths.adminSession, { id }), method: 'DELETE' }),
      invalidatesTags: ['Admin'],
    }),
    /** A past session's recording: its video, a newer upload's job, its release date. */
    getLiveRecording: build.query<AdminRecordingResponse, string>({
      query: (id) => pathWith(liveSessionPaths.adminRecording, { id }),
      providesTags: ['Admin'],
    }),
    setLiveRecordingRelease: build.mutation<AdminRecordingResponse, { id: string; releaseAt: string | null }>({
      query: ({ id, releaseAt }) => ({
        url: pathWith(liveSessionPaths.adminRecording, { id }),
        method: 'PUT',
        body: { releaseAt },
      }),
      invalidatesTags: ['Admin'],
    }),
    removeLiveRecording: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: pathWith(liveSessionPaths.adminRecording, { id }), method: 'DELETE' }),
      invalidatesTags: ['Admin'],
    }),
    getLiveAttendance: build.query<AdminAttendanceResponse, string>({
      query: (id) => pathWith(liveSessionPaths.adminAttendance, { id }),
      providesTags: ['Admin'],
    }),
  }),
});

export const {
  useListAdminLiveSessionsQuery,
  useScheduleLiveSessionMutation,
  useUpdateLiveSessionMutation,
  useCancelLiveSessionMutation,
  useGetLiveAttendanceQuery,
  useGetLiveRecordingQuery,
  useSetLiveRecordingReleaseMutation,
  useRemoveLiveRecordingMutation,
} = liveSessionsAdminApi;
