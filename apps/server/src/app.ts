import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { databaseRateLimitStore } from './auth/rate-limit.js';
import { registerSessions } from './auth/session.js';
import type { Config } from './config.js';
import { type DbHandle, migrateToLatest, openDatabase } from './db/database.js';
import type { AppDeps } from './deps.js';
import { createJobEngine } from './jobs/create-job-engine.js';
import { createMailQueue } from './mail/mailer.js';
import { registerModules } from './modules/index.js';
import { registerWeb } from './modules/pages/web.js';
import { mailAttachmentRenderer } from './modules/render-mail-attachment.js';
import { createLessonVideoQueue, createVideoStorage, videoBucketOrigins } from './modules/video/index.js';
import { createGateway } from './payments/create-gateway.js';
import type { PaymentGateway } from './payments/gateway.js';
import { AccessLog, logDestination } from './plugins/access-log.js';
import { ResponseCache } from './plugins/cached-answer.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerNoStoreForSessions } from './plugins/no-store.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { registerRejectNul } from './plugins/reject-nul.js';
import { registerRequestId, requestIdGenerator } from './plugins/request-id.js';
import { REQUEST_CEILING_MS, registerRequestTimeout } from './plugins/request-timeout.js';
import { registerRouteTable } from './plugins/route-table.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { createStorage } from './storage/create-storage.js';

export interface BuildOptions {
  config: Config;
  /** An open database; when omitted, the app opens the configured one and closes it with the app. */
  database?: DbHandle;
  logger?: boolean;
  /** A payment gateway to use instead of the configured one (tests). */
  gateway?: PaymentGateway;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database, logger = true } = options;
  const handle = database ?? openDatabase(config.database);
  await migrateToLatest(handle.db);

  const app = Fastify({
    logger: logger ? { level: config.logLevel, stream: logDestination() } : false,
    logController: new AccessLog(config.accessLogSample),
    genReqId: requestIdGenerator(config.trustProxy),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Slow clients: a request must arrive in time (the hook below; Node's own limit is only a ceiling),
    // and a connection idle for twice that is closed. Keep-alive outlasts a proxy's usual 60 s idle
    // timeout, so the proxy, not us, closes an idle connection it might be about to reuse.
    requestTimeout: REQUEST_CEILING_MS,
    connectionTimeout: 2 * config.requestTimeoutMs,
    keepAliveTimeout: 72_000,
    routerOptions: { ignoreTrailingSlash: true },
  });
  registerRouteTable(app);
  registerRequestId(app);

  registerRequestTimeout(app, config.requestTimeoutMs);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRejectNul(app);

  const https = config.publicUrl.startsWith('https:');
  const gateway = options.gateway ?? createGateway(config, handle.db);
  // The payment provider names the hosts its checkout widget needs (payments/gateway.ts).
  const widget = gateway.contentSecurity;
  // Presigned on S3, a lesson video's segments and poster are fetched from the bucket after a redirect.
  const videoBucket = videoBucketOrigins(config);
  registerSecurityHeaders(app, {
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...widget.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://i.ytimg.com', ...videoBucket],
        connectSrc: ["'self'", ...widget.connectSrc, ...videoBucket],
        // A lesson's own video plays through Media Source Extensions: the element's source is a blob: URL.
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ['https://www.youtube-nocookie.com', ...widget.frameSrc],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(fastifyCookie);
  // Responses only: no client of ours sends compressed request bodies, and the request side costs a hook
  // on every call.
  await app.register(fastifyCompress, { threshold: 1024, globalDecompression: false });
  // Scaled out, the per-route limits count in the database, so that every process sees every hit.
  await app.register(fastifyRateLimit, {
    global: false,
    ...(config.scaleOut ? { store: databaseRateLimitStore(handle.db) } : {}),
  });

  const ownOrigins = [new URL(config.publicUrl).origin, ...config.corsOrigins];
  registerOriginCheck(app, ownOrigins);

  const mail = createMailQueue(handle.db, config, app.log);
  mail.renderAttachmentsWith(mailAttachmentRenderer(handle.db, config));
  const jobs = createJobEngine(config, app.log);
  const storage = createStorage(config);
  const catalogCache = new ResponseCache();
  const videoStorage = createVideoStorage(config, storage);
  // One transcode queue per process; `runJobs` starts it where transcodes run (SHOP_ROLE worker or both).
  const videoQueue = createLessonVideoQueue({ db: handle.db, config, videoStorage, catalogCache }, app.log);
  // Fastify runs onClose hooks last-registered first, so this one, registered before any module, runs
  // after every module's own. Then, in order: the jobs (a job under way may still queue a transcode or
  // mail, or use the database), the transcode queue (it stops ffmpeg and puts its interrupted transcodes
  // back in the database), the mail pass, the database.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await videoQueue.stop();
    await mail.stop();
    if (!database) await handle.close();
  });
  const deps: AppDeps = {
    db: handle.db,
    dbKind: handle.kind,
    config,
    mail,
    jobs,
    videoQueue,
    catalogCache,
    gateway,
    storage,
    videoStorage,
  };
  app.decorate('deps', deps);
  registerSessions(app, handle.db, { cached: !config.scaleOut });
  registerNoStoreForSessions(app);
  await registerModules(app, deps);
  await registerWeb(app, config);
  return app;
}
