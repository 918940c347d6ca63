// A worker process for video-workers.test.ts: the shop as SHOP_ROLE=worker configures it from the
// environment, running transcodes until the test kills it (as the OOM killer or a lost machine would).
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { restrictToRole, runJobs } from '../../run-jobs.js';

const config = loadConfig(process.env);
const app = await buildApp({ config, database: openDatabase(config.database), logger: false });
restrictToRole(app);
await runJobs(app);
await app.ready();
process.stdout.write('worker ready\n');
