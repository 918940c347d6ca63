import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isClientRoute, messages } from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

const ONE_YEAR = 'public, max-age=31536000, immutable';

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The browser's whitelisted settings travel in a meta tag: no inline script, so the CSP stays strict. */
function withSiteConfig(html: string, config: Config): string {
  const site = JSON.stringify({ siteName: config.siteName, contactEmail: config.contactEmail });
  return html.replace('</head>', `<meta name="site-config" content="${escapeAttribute(site)}" />\n</head>`);
}

function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/auth/');
}

/**
 * Serves the built web app: hashed assets cached for a year (pre-compressed .br/.gz written at build),
 * index.html for client routes. Without a build, only the API runs and `/` says how to build.
 */
export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  const indexFile = config.webDist ? path.join(config.webDist, 'index.html') : null;
  const builtHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  const indexHtml = builtHtml && withSiteConfig(builtHtml, config);

  if (indexHtml && config.webDist) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const relative = path.relative(config.webDist ?? '', filePath);
        res.header('cache-control', relative.startsWith(`assets${path.sep}`) ? ONE_YEAR : 'public, max-age=86400');
      },
    });
  } else {
    app.log.warn('web app not built: serving the API only (run `npm run build`)');
  }

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (!indexHtml) {
      return reply.status(503).type('text/plain').send('The web app is not built yet. Run `npm run build`.');
    }
    return reply
      .status(isClientRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  };

  app.get('/', sendIndex);

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (wantsPage) return sendIndex(request, reply);
    return reply.status(404).send({ ok: false, message: messages.routeNotFound });
  });
}
