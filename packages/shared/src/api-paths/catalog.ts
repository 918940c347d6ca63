export const catalogPaths = {
  courses: '/api/courses',
  course: '/api/courses/:id',
} as const;
