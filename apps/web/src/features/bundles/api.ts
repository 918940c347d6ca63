import type { Bundle, BundleResponse, BundlesResponse } from '@shop/shared';
import { bundlePaths, pathWith } from '@shop/shared';
import { api } from '../../app/api';

export const bundlesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBundle: build.query<Bundle, string>({
      query: (id) => pathWith(bundlePaths.bundle, { id }),
      transformResponse: (response: BundleResponse) => response.bundle,
    }),
    /** The published bundles that include this course (the course page's list). */
    getBundlesWithCourse: build.query<Bundle[], string>({
      query: (courseId) => `${bundlePaths.bundles}?courseId=${encodeURIComponent(courseId)}`,
      transformResponse: (response: BundlesResponse) => response.bundles,
    }),
  }),
});

export const { useGetBundleQuery, useGetBundlesWithCourseQuery } = bundlesApi;
