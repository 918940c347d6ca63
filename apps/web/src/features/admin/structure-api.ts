import type { AdminCourseStructure, AdminCourseStructureResponse, CourseStructureInput } from '@shop/shared';
import { adminPaths, pathWith } from '@shop/shared';
import { adminApi } from './api';

export const structureApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getCourseStructure: build.query<AdminCourseStructure, string>({
      query: (courseId) => pathWith(adminPaths.structure, { id: courseId }),
      transformResponse: (r: AdminCourseStructureResponse) => ({ sections: r.sections }),
      providesTags: ['Admin'],
    }),
    // The lessons are the course page's curriculum and the player's outline: both refetch.
    saveCourseStructure: build.mutation<AdminCourseStructure, { courseId: string; input: CourseStructureInput }>({
      query: ({ courseId, input }) => ({
        url: pathWith(adminPaths.structure, { id: courseId }),
        method: 'PUT',
        body: input,
      }),
      transformResponse: (r: AdminCourseStructureResponse) => ({ sections: r.sections }),
      invalidatesTags: ['Admin', 'Course', 'Enrolled'],
    }),
  }),
});

export const { useGetCourseStructureQuery, useSaveCourseStructureMutation } = structureApi;
