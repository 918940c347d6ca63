import path from 'node:path';
import type { LegalSettings } from '@shop/shared';
import { z } from 'zod';
import { serverRoot } from './paths.js';
import type { S3Settings } from './storage/s3-storage.js';
import { loadTaxSettings, type TaxSettings } from './tax-config.js';

const port = z.coerce
  .number({ error: 'must be a whole number from 1 to 65535' })
  .int('must be a whole number from 1 to 65535')
  .min(1, 'must be a whole number from 1 to 65535')
  .max(65535, 'must be a whole number from 1 to 65535');

const databaseUrl = z
  .string()
  .refine(
    (value) => /^postgres(ql)?:\/\/[^/]+\/?.*/.test(value) && URL.canParse(value),
    'must be a postgres:// or postgresql:// URL (leave it unset to use the embedded SQLite file)',
  );

function wholeNumber(min: number, max: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int(error).min(min, error).max(max, error);
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: databaseUrl.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_LOG_SAMPLE: wholeNumber(1, 1000).default(10),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  CONTACT_TO: z.email({ error: 'must be an e-mail address' }).optional(),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_URL: httpUrl.default('https://api.razorpay.com/v1'),
  RAZORPAY_CHECKOUT_URL: httpUrl.optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: httpUrl.default('https://accounts.google.com'),
  SITE_NAME: z.string().min(1).default('TradeSkool'),
  CONTACT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('support@tradeskool.in'),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(true|false|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/,
      'must be true, false, or a comma-separated list of the proxies’ addresses (loopback, 10.0.0.0/8, ...)',
    )
    .optional(),
  REQUEST_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(30_000),
  WEB_DIST: z.string().optional(),
  FFMPEG_PATH: z.string().trim().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().trim().min(1).default('ffprobe'),
  VIDEO_LINK_SECONDS: wholeNumber(5, 3600).default(300),
  VIDEO_CONCURRENCY: wholeNumber(1, 16).default(1),
  VIDEO_MAX_HOURS: wholeNumber(1, 48).default(6),
  VIDEO_LEASE_SECONDS: wholeNumber(4, 86400).default(120),
  DEMO_CLIPS: z.enum(['0', '1', 'true', 'false']).default('1'),
  JITSI_URL: httpUrl.default('https://meet.jit.si'),
  JITSI_APP_ID: z.string().trim().min(1).optional(),
  JITSI_APP_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SCALE_OUT: z.enum(['0', '1', 'true', 'false']).default('0'),
  SHOP_ROLE: z.enum(['web', 'worker', 'both'], { error: 'must be web, worker or both' }).default('both'),
  SHOP_SECRET: z.string().min(32, 'must be at least 32 characters (openssl rand -hex 32)').optional(),
  SHUTDOWN_GRACE_MS: wholeNumber(0, 600_000).default(10_000),
  S3_ENDPOINT: httpUrl.optional(),
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  DOWNLOADS: z.enum(['presigned', 'stream'], { error: 'must be presigned or stream' }).default('presigned'),
  // Legal settings: values the original terms left blank. The defaults are placeholders the operator should review.
  BUSINESS_ADDRESS: z.string().trim().min(1).max(300).default('Gujarat, India'),
  LEGAL_DISPUTE_DAYS: wholeNumber(1, 365).default(30),
  LEGAL_ARBITRATORS: wholeNumber(1, 9).default(1),
  LEGAL_ARBITRATION_SEAT: z.string().trim().min(1).max(120).default('Brussels, Belgium'),
  LEGAL_ARBITRATION_LANGUAGE: z.string().trim().min(1).max(60).default('English'),
  LEGAL_LIABILITY_MONTHS: wholeNumber(1, 120).default(6),
  LEGAL_LIABILITY_CAP_INR: wholeNumber(1, 100_000_000).default(10_000),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  logLevel: Env['LOG_LEVEL'];
  /** The access log writes one in this many successful reads (GET/HEAD under 400 and under 500 ms). */
  accessLogSample: number;
  siteName: string;
  contactEmail: string;
  /** Where contact-form messages are mailed: CONTACT_TO, or CONTACT_EMAIL when unset. */
  contactTo: string;
  legal: LegalSettings;
  /** GST settings (TAX_* variables, issue 16). */
  tax: TaxSettings;
  corsOrigins: string[];
  /**
   * Which peers' X-Forwarded-For/Proto/Host are believed (Fastify's `trustProxy`): TRUST_PROXY, or by
   * default the loopback proxy of a production start and nobody otherwise.
   */
  trustProxy: boolean | string;
  /** Time for a request (headers and body) to arrive; large uploads get more, in proportion to their size. */
  requestTimeoutMs: number;
  /** Built web app to serve; null when it has not been built (API only). */
  webDist: string | null;
  /** FFMPEG_PATH: the ffmpeg that transcodes lesson videos; a bare name is looked up on PATH. */
  ffmpegPath: string;
  /** FFPROBE_PATH: the ffprobe that checks an upload is a video; a bare name is looked up on PATH. */
  ffprobePath: string;
  /** VIDEO_LINK_SECONDS: how long a signed playlist or key URL works (the player renews it before). */
  videoLinkSeconds: number;
  /** VIDEO_MAX_HOURS: an uploaded video longer than this is refused before it is transcoded. */
  videoMaxHours: number;
  /** VIDEO_CONCURRENCY: lesson videos transcoded at the same time (1: ffmpeg already uses every core). */
  videoConcurrency: number;
  /** VIDEO_LEASE_SECONDS: a transcode whose worker has been silent this long is taken up by another (scaled out). */
  videoLeaseSeconds: number;
  /** DEMO_CLIPS: the first start makes the demo lessons' videos with ffmpeg (on; the browser tests turn it off). */
  demoClips: boolean;
  /**
   * Live sessions' Jitsi server (JITSI_URL, default https://meet.jit.si) and, for a self-hosted one with token
   * auth, its app id and secret (JITSI_APP_ID, JITSI_APP_SECRET): each join link then carries a signed token.
   */
  jitsi: { url: string; appId: string | null; appSecret: string | null };
  /** SCALE_OUT=1: one of several identical processes on one PostgreSQL database; no state may live in one process. */
  scaleOut: boolean;
  /** SHOP_ROLE: `web` serves HTTP and runs no jobs, `worker` runs jobs (and answers /api/health only), `both` does both. */
  role: 'web' | 'worker' | 'both';
  /** SHOP_SECRET: the one secret every other key is derived from (auth/secrets.ts); null on the embedded start. */
  shopSecret: string | null;
  /** SHUTDOWN_GRACE_MS: how long SIGTERM waits for in-flight requests and the mail pass before exiting. */
  shutdownGraceMs: number;
  /** Where stored files go: DATA_DIR, or an S3-compatible bucket when S3_BUCKET is set. */
  storage: { kind: 'local' } | ({ kind: 's3' } & S3Settings);
  /** DOWNLOADS: course files handed out as short-lived presigned URLs (on S3) or streamed by the shop. */
  downloads: 'presigned' | 'stream';
  /** Razorpay's account (RAZORPAY_*), or null without a key id: the sandbox then takes test payments. */
  razorpay: { keyId: string; keySecret: string; webhookSecret: string; apiUrl: string } | null;
  /** RAZORPAY_CHECKOUT_URL: where the browser loads the checkout widget from, instead of the provider's own. */
  checkoutUrl: string | null;
  /** SMTP_URL; without it mail is written to the data folder's outbox. */
  smtpUrl: string | null;
  /** MAIL_FROM, or the site's name at no-reply@ the public host. */
  mailFrom: string;
  /** Google sign-in (GOOGLE_*), or null when GOOGLE_CLIENT_ID is not set. */
  google: { clientId: string; clientSecret: string | undefined; issuer: string } | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const defaultWebDist = path.resolve(serverRoot, '../web/dist');

/** Reads the environment once at start-up; a bad value throws one line naming the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const shown = present[name] === undefined ? '' : ` (got "${String(present[name]).slice(0, 80)}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is not valid'}${shown}`);
  }
  const env = parsed.data;
  if (env.RAZORPAY_KEY_ID) {
    const missing = (['RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const).find((name) => !env[name]);
    if (missing) throw new ConfigError(`Invalid configuration: ${missing} is required when RAZORPAY_KEY_ID is set`);
  }
  if (env.SCALE_OUT === '1' || env.SCALE_OUT === 'true') {
    // One line each, before anything starts: a scaled-out process must share its state with the others.
    if (!env.DATABASE_URL) throw new ConfigError('Invalid configuration: SCALE_OUT=1 needs DATABASE_URL (PostgreSQL)');
    if (!env.SHOP_SECRET) throw new ConfigError('Invalid configuration: SCALE_OUT=1 needs SHOP_SECRET');
    if (!env.S3_BUCKET) throw new ConfigError('Invalid configuration: SCALE_OUT=1 needs S3_BUCKET (object storage)');
  }
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration: S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set');
  }
  const dataDir = path.resolve(env.DATA_DIR);
  let tax: TaxSettings;
  try {
    tax = loadTaxSettings(present, { siteName: env.SITE_NAME, businessAddress: env.BUSINESS_ADDRESS });
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'shop.sqlite') },
    logLevel: env.LOG_LEVEL,
    accessLogSample: env.ACCESS_LOG_SAMPLE,
    siteName: env.SITE_NAME,
    contactEmail: env.CONTACT_EMAIL,
    contactTo: env.CONTACT_TO ?? env.CONTACT_EMAIL,
    legal: {
      businessAddress: env.BUSINESS_ADDRESS,
      disputeDays: env.LEGAL_DISPUTE_DAYS,
      arbitrators: env.LEGAL_ARBITRATORS,
      arbitrationSeat: env.LEGAL_ARBITRATION_SEAT,
      arbitrationLanguage: env.LEGAL_ARBITRATION_LANGUAGE,
      liabilityMonths: env.LEGAL_LIABILITY_MONTHS,
      liabilityCapInr: env.LEGAL_LIABILITY_CAP_INR,
    },
    tax,
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(env.TRUST_PROXY, env.NODE_ENV),
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : defaultWebDist,
    ffmpegPath: env.FFMPEG_PATH,
    ffprobePath: env.FFPROBE_PATH,
    videoLinkSeconds: env.VIDEO_LINK_SECONDS,
    videoConcurrency: env.VIDEO_CONCURRENCY,
    videoMaxHours: env.VIDEO_MAX_HOURS,
    videoLeaseSeconds: env.VIDEO_LEASE_SECONDS,
    demoClips: env.DEMO_CLIPS === '1' || env.DEMO_CLIPS === 'true',
    jitsi: {
      url: env.JITSI_URL.replace(/\/$/, ''),
      appId: env.JITSI_APP_ID ?? null,
      appSecret: env.JITSI_APP_SECRET ?? null,
    },
    scaleOut: env.SCALE_OUT === '1' || env.SCALE_OUT === 'true',
    role: env.SHOP_ROLE,
    shopSecret: env.SHOP_SECRET ?? null,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    storage: env.S3_BUCKET
      ? {
          kind: 's3',
          endpoint: env.S3_ENDPOINT ?? null,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID ?? null,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? null,
          // Any store but AWS itself wants the bucket in the path.
          forcePathStyle: (env.S3_FORCE_PATH_STYLE ?? String(Boolean(env.S3_ENDPOINT))) === 'true',
        }
      : { kind: 'local' },
    downloads: env.DOWNLOADS,
    razorpay: env.RAZORPAY_KEY_ID
      ? {
          keyId: env.RAZORPAY_KEY_ID,
          // Stryker disable next-line StringLiteral: refused above when missing
          keySecret: env.RAZORPAY_KEY_SECRET ?? '',
          // Stryker disable next-line StringLiteral: refused above when missing
          webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? '',
          apiUrl: env.RAZORPAY_API_URL,
        }
      : null,
    checkoutUrl: env.RAZORPAY_CHECKOUT_URL ?? null,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? `${env.SITE_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    google: env.GOOGLE_CLIENT_ID
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
      : null,
  };
}

function parseTrustProxy(value: string | undefined, nodeEnv: Env['NODE_ENV']): boolean | string {
  if (value === undefined) return nodeEnv === 'production' ? 'loopback' : false;
  return value === 'true' || value === 'false' ? value === 'true' : value;
}
