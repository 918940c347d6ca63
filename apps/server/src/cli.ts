import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { type Config, ConfigError, loadConfig } from './config.js';
import { backupDatabase, restoreDatabase } from './db/backup.js';
import { type Db, type DbHandle, migrateToLatest, openDatabase } from './db/database.js';
import type { AppDeps } from './deps.js';
import { AppError } from './errors.js';
import { InProcessJobs } from './jobs/in-process-jobs.js';
import { createMailQueue } from './mail/mailer.js';
import { createAdmin } from './modules/accounts/create-admin.js';
import { importCourses } from './modules/catalog/import-courses.js';
import { createCoupon } from './modules/coupons/create-coupon.js';
import { enrolInstalmentBuyers } from './modules/learning/index.js';
import { handleWebhook } from './modules/orders/handle-webhook.js';
import { reconcilePayments } from './modules/orders/reconcile-payments.js';
import { mailAttachmentRenderer } from './modules/render-mail-attachment.js';
import { reconcileSubscriptions } from './modules/subscriptions/index.js';
import { createLessonVideoQueue, createVideoStorage } from './modules/video/index.js';
import { createGateway } from './payments/create-gateway.js';
import { SandboxGateway } from './payments/sandbox-gateway.js';
import { ResponseCache } from './plugins/cached-answer.js';
import { seedDemo } from './seed/seed.js';
import { copyToStorage } from './storage/copy-to-storage.js';
import { createStorage } from './storage/create-storage.js';

interface Command {
  usage: string;
  /** False: run on the database as it is (a backup must not change it; a restore goes into an empty one). */
  migrate?: false;
  run(db: Db, args: string[], env: { config: Config; database: DbHandle }): Promise<string>;
}

/** Operator commands: `npm run cli -- <command> [options]`. */
const commands: Record<string, Command> = {
  'user:create-admin': {
    usage: 'user:create-admin --email E --password P [--username U]   create an admin, or promote an existing user',
    async run(db, args) {
      const { values } = parseArgs({
        args,
        options: { email: { type: 'string' }, password: { type: 'string' }, username: { type: 'string' } },
      });
      const done = await createAdmin(db, values);
      return done === 'created' ? `Created the admin account ${values.email}.` : `${values.email} is now an admin.`;
    },
  },
  'payments:reconcile': {
    usage: 'payments:reconcile           fulfil or expire orders still awaiting payment after 15 minutes',
    async run(db, _args, env) {
      const log = pino({ level: 'warn' });
      const deps = cliDeps(db, env, log);
      const report = await reconcilePayments(deps, log);
      const memberships = await reconcileSubscriptions(deps, log);
      await enrolInstalmentBuyers(deps, { askGateway: true });
      await deps.mail.deliverPending();
      return `Checked ${report.checked} pending order(s): ${report.fulfilled} fulfilled, ${report.expired} expired, ${report.unreachable} not reachable at the gateway. Checked ${memberships.checked} membership(s): ${memberships.changed} brought in line with the gateway, ${memberships.unreachable} not reachable.`;
    },
  },
  'sandbox:renew': {
    usage:
      'sandbox:renew [--fail] [--days N]  test mode: charge every sandbox subscription that is due (or fail the charge) and deliver its webhooks; --days N: as if N days had passed (to watch a renewal without waiting for it)',
    async run(db, args, env) {
      const { values } = parseArgs({ args, options: { fail: { type: 'boolean' }, days: { type: 'string' } } });
      const days = values.days === undefined ? 0 : Number(values.days);
      if (!Number.isInteger(days) || days < 0 || days > 400)
        throw new AppError('bad_request', '--days takes a whole number of days from 0 to 400.');
      const log = pino({ level: 'warn' });
      const deps = cliDeps(db, env, log);
      const { gateway } = deps;
      if (!(gateway instanceof SandboxGateway))
        throw new AppError(
          'bad_request',
          'sandbox:renew works only in test mode (the sandbox gateway: no RAZORPAY_KEY_ID).',
        );
      // The shop's own webhook handler, as the running server's sandbox routes hand it each delivery.
      gateway.onWebhook = (delivery) => handleWebhook(deps, Buffer.from(delivery.body), delivery.headers, log);
      const at = new Date(Date.now() + days * 86_400_000);
      const hooks = await gateway.chargeDueSubscriptions(at, { fail: values.fail === true });
      await gateway.webhooksSettled();
      await deps.mail.deliverPending();
      const count = (event: string) => hooks.filter((hook) => JSON.parse(hook.body).event === event).length;
      return `Renewal run: ${count('subscription.charged')} charged, ${count('subscription.pending')} failed (pending), ${count('subscription.halted')} halted, ${count('subscription.cancelled')} cancelled at the end of their period.`;
    },
  },
  'db:seed': {
    usage:
      'db:seed                      write the demo catalogue and its course files (existing demo courses are reset)',
    async run(db, _args, { config }) {
      const count = await seedDemo(db, createStorage(config));
      return `Seeded ${count} demo courses.`;
    },
  },
  'storage:copy': {
    usage: "storage:copy                 copy DATA_DIR's stored files into the S3 bucket (S3_*); safe to run again",
    async run(_db, _args, { config }) {
      if (config.storage.kind !== 's3')
        throw new ConfigError('storage:copy needs S3_BUCKET (and S3_ENDPOINT, keys) set');
      const objects = createStorage(config);
      const { copied, skipped } = await copyToStorage(config.dataDir, objects, createVideoStorage(config, objects));
      return `Copied ${copied} file(s) from ${config.dataDir} to the bucket ${config.storage.bucket}; ${skipped} already there.`;
    },
  },
  'db:backup': {
    usage: 'db:backup FILE               a consistent copy of the live database (SQLite backup API, or pg_dump)',
    migrate: false,
    async run(_db, args, { config }) {
      const file = parseArgs({ args, allowPositionals: true }).positionals[0];
      if (!file) throw new AppError('bad_request', 'Name the backup file: db:backup FILE');
      await backupDatabase(config.database, file);
      return `Backed up the ${config.database.kind} database to ${path.resolve(file)}.`;
    },
  },
  'db:restore': {
    usage:
      'db:restore FILE [--replace]  put a backup back (into an empty database; --replace overwrites, shop stopped)',
    migrate: false,
    async run(_db, args, { config }) {
      const { values, positionals } = parseArgs({
        args,
        allowPositionals: true,
        options: { replace: { type: 'boolean', default: false } },
      });
      const file = positionals[0];
      if (!file) throw new AppError('bad_request', 'Name the backup file: db:restore FILE');
      await restoreDatabase(config.database, file, { replace: values.replace });
      return `Restored ${path.resolve(file)} into the ${config.database.kind} database.`;
    },
  },
  'course:import': {
    usage: 'course:import FILE.json      add or update courses from a JSON file (all or nothing)',
    async run(db, args) {
      const { positionals } = parseArgs({ args, allowPositionals: true });
      const file = positionals[0];
      if (!file) throw new AppError('bad_request', 'Name the JSON file: course:import FILE.json');
      const ids = await importCourses(db, fs.readFileSync(file, 'utf8'));
      return `Imported ${ids.length} course(s): ${ids.join(', ')}`;
    },
  },
  'coupon:create': {
    usage:
      'coupon:create --code C --percent P [--starts YYYY-MM-DD] [--expires YYYY-MM-DD] [--max-uses N] [--max-uses-per-user N]\n' +
      '                               add a discount coupon (dates are whole days, India time)',
    async run(db, args) {
      const { values } = parseArgs({
        args,
        options: {
          code: { type: 'string' },
          percent: { type: 'string' },
          starts: { type: 'string' },
          expires: { type: 'string' },
          'max-uses': { type: 'string' },
          'max-uses-per-user': { type: 'string' },
        },
      });
      const whole = (text: string | undefined) => (text === undefined ? undefined : Number(text));
      const coupon = await createCoupon(db, {
        code: values.code ?? '',
        percent: whole(values.percent),
        startsOn: values.starts,
        expiresOn: values.expires,
        maxUses: whole(values['max-uses']),
        maxUsesPerUser: whole(values['max-uses-per-user']),
      }).catch((error: unknown) => {
        throw nameTheOption(error, couponFlags);
      });
      const terms = [
        coupon.startsAt && `from ${values.starts}`,
        coupon.expiresAt && `until the end of ${values.expires}`,
        coupon.maxUses && `${coupon.maxUses} use(s) in all`,
        coupon.maxUsesPerUser && `${coupon.maxUsesPerUser} per learner`,
      ].filter(Boolean);
      return `Created coupon ${coupon.code}: ${coupon.percent}% off${terms.length ? `, ${terms.join(', ')}` : ''}.`;
    },
  },
};

/** What the modules need, built as app.ts builds it, for commands that run the shop's use cases. */
function cliDeps(db: Db, { config, database }: { config: Config; database: DbHandle }, log: pino.Logger): AppDeps {
  const mail = createMailQueue(db, config, log);
  // A fulfilled order's confirmation names its invoice, a refund's notice its credit note: as in app.ts.
  mail.renderAttachmentsWith(mailAttachmentRenderer(db, config));
  const storage = createStorage(config);
  const catalogCache = new ResponseCache();
  const videoStorage = createVideoStorage(config, storage);
  return {
    db,
    dbKind: database.kind,
    config,
    mail,
    jobs: new InProcessJobs(log),
    // Never started here: these commands queue no transcode.
    videoQueue: createLessonVideoQueue({ db, config, videoStorage, catalogCache }, log),
    catalogCache,
    gateway: createGateway(config, db),
    storage,
    videoStorage,
  };
}

const couponFlags: Record<string, string> = {
  code: '--code',
  percent: '--percent',
  startsOn: '--starts',
  expiresOn: '--expires',
  maxUses: '--max-uses',
  maxUsesPerUser: '--max-uses-per-user',
};

/** A validation error speaks of input fields; on the command line, name the option instead. */
function nameTheOption(error: unknown, flags: Record<string, string>): unknown {
  if (!(error instanceof AppError) || !error.fields) return error;
  const [field, message] = Object.entries(error.fields)[0] ?? [];
  return field && flags[field] ? new AppError(error.code, `${flags[field]}: ${message}`) : error;
}

function usage(): string {
  return ['Usage: npm run cli -- <command>', '', ...Object.values(commands).map((c) => `  ${c.usage}`)].join('\n');
}

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(name ? `Unknown command "${name}".\n\n${usage()}` : usage());
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    if (command.migrate !== false) await migrateToLatest(database.db);
    console.log(await command.run(database.db, args, { config, database }));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const code = (error as { code?: string }).code;
    const expected =
      error instanceof AppError ||
      error instanceof ConfigError ||
      code === 'ENOENT' ||
      // parseArgs: an unknown option or a missing value
      code?.startsWith('ERR_PARSE_ARGS') === true;
    console.error(expected ? (error as Error).message : error);
    process.exit(1);
  },
);
