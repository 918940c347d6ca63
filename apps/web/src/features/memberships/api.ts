import type { Plan, PlanDetail, PlanResponse, PlansResponse } from '@shop/shared';
import { pathWith, planPaths } from '@shop/shared';
import { api } from '../../lib/api';

export const membershipsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<Plan[], void>({
      query: () => planPaths.plans,
      transformResponse: (response: PlansResponse) => response.plans,
    }),
    getPlan: build.query<PlanDetail, string>({
      query: (id) => pathWith(planPaths.plan, { id }),
      transformResponse: (response: PlanResponse) => response.plan,
    }),
    /** The published plans that include a course: the course page's list. */
    getPlansWithCourse: build.query<Plan[], string>({
      query: (courseId) => `${planPaths.plans}?courseId=${encodeURIComponent(courseId)}`,
      transformResponse: (response: PlansResponse) => response.plans,
    }),
  }),
});

export const { useGetPlansQuery, useGetPlanQuery, useGetPlansWithCourseQuery } = membershipsApi;
