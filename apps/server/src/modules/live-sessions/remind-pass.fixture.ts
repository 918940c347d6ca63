// One reminders' pass in a process of its own, for live-reminders-processes.test.ts: the shop as a worker
// builds it from the environment, on the database the test names, at the instant REMIND_NOW (ms) says.
// With REMIND_HANG_AFTER=K it queues K mails and then hangs inside the next learner's transaction, as a
// process does when the machine stalls, until the test kills it.
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { remindLiveSessions } from './notify-audience.js';

const config = loadConfig(process.env);
const database = openDatabase(
  process.env.DATABASE_URL ? config.database : { kind: 'sqlite', file: process.env.REMIND_SQLITE_FILE ?? '' },
);
const app = await buildApp({ config, database, logger: false });
await app.ready();
const hangAfter = process.env.REMIND_HANG_AFTER ? Number(process.env.REMIND_HANG_AFTER) : Number.POSITIVE_INFINITY;
const { mail } = app.deps;
let queued = 0;
const deps = {
  ...app.deps,
  mail: Object.assign(Object.create(mail), {
    async enqueue(...args: Parameters<typeof mail.enqueue>) {
      if (queued >= hangAfter) {
        process.stdout.write('hanging\n');
        await new Promise(() => {});
      }
      queued += 1;
      return mail.enqueue(...args);
    },
    kick() {},
  }) as typeof mail,
};
const count = await remindLiveSessions(deps, new Date(Number(process.env.REMIND_NOW)));
process.stdout.write(`queued ${count}\n`);
await app.close();
await database.close();
