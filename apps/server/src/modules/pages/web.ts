import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isClientRoute, messages } from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { secretFor } from '../../auth/secrets.js';
import type { Config } from '../../config.js';
import { escapeHtml } from '../../html.js';
import { isApiPath } from '../../plugins/api-path.js';
import { type CachedAnswer, encodedBody } from '../../plugins/cached-answer.js';
import { FILE_LINK_SECRET_NAME } from '../learning/file-links.js';
import { renderHeadTags, resolvePageHead } from './page-head.js';
import { pageRenderer } from './page-render.js';
import { playerCourseId, playerPageData } from './player-page-data.js';
import { dataPreload, routePreloads } from './route-preload.js';

const ONE_YEAR = 'public, max-age=31536000, immutable';

/**
 * The browser's whitelisted settings travel in a meta tag: no inline script, so the CSP stays strict.
 * The built page's own title and description go: each request writes those of its page.
 */
function toTemplate(html: string, config: Config): string {
  const site = JSON.stringify(siteSettings(config));
  return html
    .replace(/<title>[^<]*<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace('</head>', () => `<meta name="site-config" content="${escapeHtml(site)}" />\n</head>`);
}

function siteSettings(config: Config) {
  return {
    siteName: config.siteName,
    contactEmail: config.contactEmail,
    legal: config.legal,
    // 'Continue with google' is offered only when the server can start that sign-in.
    googleSignIn: config.google !== null,
  };
}

const ROOT = '<div id="root"></div>';
const MAX_DOCUMENTS = 200;

/**
 * Serves the built web app: hashed assets cached for a year (pre-compressed .br/.gz written at build),
 * index.html for client routes. Without a build, only the API runs and `/` says how to build.
 */
export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  const indexFile = config.webDist ? path.join(config.webDist, 'index.html') : null;
  const builtHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  const indexHtml = builtHtml && toTemplate(builtHtml, config);
  const preloadsFor = routePreloads(builtHtml ? config.webDist : null);
  const renderPage = await pageRenderer(app.deps, builtHtml ? config.webDist : null, siteSettings(config));
  const linkSecret = secretFor(config, FILE_LINK_SECRET_NAME);

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

  // A drawn page is 10-40 KB: compressed once per distinct document rather than on every request (brotli
  // per request cut GET / from about 3,000 to 500 requests/s).
  const documents = new Map<string, Pick<CachedAnswer, 'body' | 'encoded'>>();
  // A page written for one learner (their player) is compressed for them and not kept.
  const sendDocument = (request: FastifyRequest, reply: FastifyReply, html: string, shared: boolean) => {
    let document = documents.get(html);
    if (!document) {
      document = { body: html, encoded: {} };
      if (shared) {
        if (documents.size >= MAX_DOCUMENTS) documents.clear();
        documents.set(html, document);
      }
    }
    const encoded = encodedBody(document, request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    return encoded ? reply.header('content-encoding', encoded.encoding).send(encoded.body) : reply.send(html);
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname = '/', search] = request.url.split('?');
    if (!indexHtml) {
      return reply.status(503).type('text/plain').send('The web app is not built yet. Run `npm run build`.');
    }
    const head = await resolvePageHead(app.deps.db, config, pathname, isClientRoute(pathname));
    // The player's page comes with the learner's course written in; anyone else's asks for it while the
    // scripts load (and is answered 401 or 403).
    const courseId = head.status === 200 ? playerCourseId(pathname) : undefined;
    const ownData = courseId ? await playerPageData(app.deps, linkSecret, request.user, courseId) : null;
    const preloads =
      head.status === 200 ? [preloadsFor(pathname), dataPreload(pathname, { withCourse: ownData !== null })] : [];
    const tags = [renderHeadTags(head, config), ...preloads].filter(Boolean);
    // Drawn on the server: a public page without a query (a search is drawn by the browser), and the
    // not-found page of an unknown address; an unknown course's page finds that out in the browser.
    const drawn =
      search === undefined && (head.status === 200 || !isClientRoute(pathname))
        ? await renderPage(pathname, head.status).catch((error: unknown) => {
            // The browser draws the page itself, as before server rendering.
            request.log.error({ err: error, pathname }, 'server rendering failed');
            return null;
          })
        : null;
    const data = drawn?.data ?? ownData;
    const root = `${data ? `<script type="application/json" id="initial-data">${data}</script>` : ''}${drawn ? `<div id="root">${drawn.body}</div>` : ROOT}`;
    // Function replacements: `$&` in a course title must stay text, not become a replacement pattern.
    const html = indexHtml.replace('</head>', () => `${tags.join('\n')}\n</head>`).replace(ROOT, () => root);
    reply.status(head.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    // A page with the learner's own data is theirs alone (plugins/no-store.ts makes it no-store).
    return sendDocument(request, reply, html, ownData === null);
  };

  app.get('/', sendIndex);
  // The client routes as a route rather than only the not-found handler: @fastify/compress hooks into
  // routes, so pages other than / went out uncompressed (2.4 KB instead of 0.9 KB for the player).
  app.get('/*', (request, reply) => (isApiPath(request.url) ? reply.callNotFound() : sendIndex(request, reply)));

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (wantsPage) return sendIndex(request, reply);
    return reply.status(404).send({ ok: false, message: messages.routeNotFound });
  });
}
