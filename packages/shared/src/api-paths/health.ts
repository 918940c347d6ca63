export const healthPaths = {
  health: '/api/health',
  ready: '/api/ready',
} as const;
