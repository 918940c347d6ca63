import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.js';
import { googleRoutes } from './accounts/google-routes.js';
import { accountRoutes, sessionRoutes } from './accounts/routes.js';
import { adminRoutes } from './admin/routes.js';
import { billingRoutes } from './billing/routes.js';
import { bundleRoutes } from './bundles/routes.js';
import { cartRoutes } from './cart/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { certificateRoutes } from './certificates/routes.js';
import { contactRoutes } from './contact/routes.js';
import { couponRoutes } from './coupons/routes.js';
import { healthRoutes } from './health/routes.js';
import { learningRoutes } from './learning/routes.js';
import { newsletterRoutes } from './newsletter/routes.js';
import { noteRoutes } from './notes/routes.js';
import { orderRoutes } from './orders/routes.js';
import { planRoutes } from './plans/routes.js';
import { playbackRoutes } from './playback/routes.js';
import { privacyRoutes } from './privacy/privacy-routes.js';
import { reviewRoutes } from './reviews/routes.js';
import { sandboxRoutes } from './sandbox/routes.js';
import { subscriptionRoutes } from './subscriptions/routes.js';

/** Each module's routes, each written with its full path from @shop/shared's api-paths. One line per module. */
export async function registerModules(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(healthRoutes, deps);
  await app.register(catalogRoutes, deps);
  await app.register(bundleRoutes, deps);
  await app.register(planRoutes, deps);
  await app.register(reviewRoutes, deps);
  await app.register(sessionRoutes, deps);
  await app.register(sandboxRoutes, deps);
  await app.register(orderRoutes, deps);
  await app.register(subscriptionRoutes, deps);
  await app.register(billingRoutes, deps);
  await app.register(cartRoutes, deps);
  await app.register(couponRoutes, deps);
  await app.register(accountRoutes, deps);
  await app.register(privacyRoutes, deps);
  await app.register(googleRoutes, deps);
  await app.register(learningRoutes, deps);
  await app.register(playbackRoutes, deps);
  await app.register(certificateRoutes, deps);
  await app.register(noteRoutes, deps);
  await app.register(contactRoutes, deps);
  await app.register(newsletterRoutes, deps);
  await app.register(adminRoutes, deps);
}
