import type {
  CancelSubscriptionResponse,
  MySubscription,
  MySubscriptionsResponse,
  Plan,
  PlanDetail,
  PlanResponse,
  PlansResponse,
  SubscribeResponse,
  VerifySubscriptionBody,
  VerifySubscriptionResponse,
} from '@shop/shared';
import { pathWith, planPaths, subscriptionPaths } from '@shop/shared';
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
    /** The learner ticked the education-only acknowledgement; the server refuses a second live one (409). */
    subscribe: build.mutation<SubscribeResponse, { planId: string }>({
      query: ({ planId }) => ({
        url: subscriptionPaths.subscribe,
        method: 'POST',
        body: { planId, disclaimerAccepted: true },
      }),
    }),
    verifySubscription: build.mutation<VerifySubscriptionResponse, VerifySubscriptionBody>({
      query: (body) => ({ url: subscriptionPaths.verify, method: 'POST', body }),
      invalidatesTags: ['Memberships'],
    }),
    getMySubscriptions: build.query<MySubscription[], void>({
      query: () => subscriptionPaths.mine,
      transformResponse: (response: MySubscriptionsResponse) => response.subscriptions,
      providesTags: ['Memberships'],
    }),
    cancelSubscription: build.mutation<CancelSubscriptionResponse, string>({
      query: (id) => ({ url: pathWith(subscriptionPaths.cancel, { id }), method: 'POST' }),
      invalidatesTags: ['Memberships'],
    }),
    /** Resume before the end and a new payment method: a new authorisation, answered like subscribing. */
    resumeSubscription: build.mutation<SubscribeResponse, string>({
      query: (id) => ({ url: pathWith(subscriptionPaths.resume, { id }), method: 'POST' }),
      invalidatesTags: ['Memberships'],
    }),
    changeSubscriptionMethod: build.mutation<SubscribeResponse, string>({
      query: (id) => ({ url: pathWith(subscriptionPaths.changeMethod, { id }), method: 'POST' }),
      invalidatesTags: ['Memberships'],
    }),
  }),
});

export const {
  useGetPlansQuery,
  useGetPlanQuery,
  useGetPlansWithCourseQuery,
  useSubscribeMutation,
  useVerifySubscriptionMutation,
  useGetMySubscriptionsQuery,
  useCancelSubscriptionMutation,
  useResumeSubscriptionMutation,
  useChangeSubscriptionMethodMutation,
} = membershipsApi;
