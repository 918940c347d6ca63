import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.js';

const UPLOAD_NAME = /^[\w-]+\.webp$/;

/**
 * Public uploads (thumbnails) from object storage, at the same /uploads/ addresses the local folder
 * serves: streamed through the shop, so a page's images stay on its own origin (the CSP's img-src) and
 * a CDN or the browser keeps them for a year. Only names a thumbnail can have are looked up.
 */
export const serveUploadsFromStorage: FastifyPluginAsync<AppDeps> = async (app, { storage }) => {
  app.get<{ Params: { name: string } }>('/uploads/thumbs/:name', async (request, reply) => {
    const { name } = request.params;
    const object = UPLOAD_NAME.test(name) ? await storage.get(`uploads/thumbs/${name}`) : null;
    if (!object) return reply.callNotFound();
    return reply
      .header('content-type', 'image/webp')
      .header('content-length', object.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(object.body);
  });
};
