export const catalogPaths = {
  courses: '/api/courses',
  course: '/api/courses/:id',
  /** The home page's statistics strip (issue 32). */
  homeFigures: '/api/home-figures',
} as const;
