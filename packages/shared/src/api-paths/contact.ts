export const contactPaths = {
  contact: '/api/contact',
} as const;
