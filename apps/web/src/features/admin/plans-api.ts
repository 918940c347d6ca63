import type { AdminPlan, AdminPlanInput, AdminPlanPatch, AdminPlanResponse, AdminPlansResponse } from '@shop/shared';
import { planPaths } from '@shop/shared';
import { adminApi } from './api';
import { saveRequest } from './save-request';

export const plansAdminApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listAdminPlans: build.query<AdminPlan[], void>({
      query: () => planPaths.adminPlans,
      transformResponse: (r: AdminPlansResponse) => r.plans,
      providesTags: ['Admin'],
    }),
    /** A new plan (POST) or a change to one (PATCH, only the changed fields); the answer keeps the warnings. */
    savePlan: build.mutation<
      AdminPlanResponse,
      { id: null; input: AdminPlanInput } | { id: string; input: AdminPlanPatch }
    >({
      query: saveRequest<AdminPlanInput | AdminPlanPatch>(planPaths.adminPlans, planPaths.adminPlan),
      invalidatesTags: ['Admin'],
    }),
  }),
});

export const { useListAdminPlansQuery, useSavePlanMutation } = plansAdminApi;
