import type { FastifyInstance } from 'fastify';

/** One registered route, as the hostile-input suite walks them: every method and path the server answers. */
export interface RouteEntry {
  method: string;
  url: string;
  /** The body contract's field names, when the route declares an object body. */
  bodyFields: string[];
  /** The statuses whose answer the route's response schema serialises (`200`, `201`, ...). */
  responseStatuses: string[];
  /** The route sends prepared bytes (`config.prebuilt`); `successSchema` is what they must match. */
  prebuilt: boolean;
  successSchema: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, filled as they are added (Fastify's `onRoute`); read once the app is ready. */
    routeTable: RouteEntry[];
  }
}

function fieldsOf(body: unknown): string[] {
  const shape = (body as { shape?: unknown } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/**
 * Records every route as it is registered, so a test can send hostile input to all of them, the
 * console's included, rather than to a hand-kept list that a new endpoint can be left out of.
 * Must be registered before the routes.
 */
export function registerRouteTable(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({
        method,
        url: route.url,
        bodyFields: fieldsOf(route.schema?.body),
        responseStatuses: Object.keys((route.schema?.response as object | undefined) ?? {}),
        prebuilt: route.config?.prebuilt === true,
        successSchema: (route.schema?.response as Record<string, unknown> | undefined)?.['200'],
      });
    }
  });
}
