import type { HomeFiguresSetting } from '@shop/shared';
import { adminPaths } from '@shop/shared';
import { adminApi } from './api';

export const homeFiguresApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getHomeFiguresSetting: build.query<HomeFiguresSetting, void>({
      query: () => adminPaths.homeFigures,
      providesTags: ['Admin'],
    }),
    saveHomeFiguresSetting: build.mutation<HomeFiguresSetting, HomeFiguresSetting>({
      query: (body) => ({ url: adminPaths.homeFigures, method: 'PUT', body }),
      invalidatesTags: ['Admin'],
    }),
  }),
});

export const { useGetHomeFiguresSettingQuery, useSaveHomeFiguresSettingMutation } = homeFiguresApi;
