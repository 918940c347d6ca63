import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { sessionRoutes } from './accounts/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { contactRoutes } from './contact/routes.js';
import { healthRoutes } from './health/routes.js';
import { newsletterRoutes } from './newsletter/routes.js';

/** Each module's routes (most under /api). One line per module. */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api', ...deps });
  await app.register(catalogRoutes, { prefix: '/api', ...deps });
  await app.register(sessionRoutes, deps);
  await app.register(contactRoutes, { prefix: '/api', ...deps });
  await app.register(newsletterRoutes, { prefix: '/api', ...deps });
}
