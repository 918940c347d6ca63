import { api } from '../../app/api';

export interface Profile {
  username: string;
  email: string;
}

interface ProfileResponse {
  ok: boolean;
  username?: string;
  email?: string;
}

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The header's profile check: the signed-in user, or null when there is no session. */
    getProfile: build.query<Profile | null, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery('/profile');
        const data = result.data as ProfileResponse | undefined;
        if (data?.ok && data.username && data.email) return { data: { username: data.username, email: data.email } };
        return { data: null };
      },
      providesTags: ['Profile'],
    }),
  }),
});

export const { useGetProfileQuery } = accountApi;
