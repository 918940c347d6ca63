export const healthPaths = {
  health: '/api/health',
} as const;
