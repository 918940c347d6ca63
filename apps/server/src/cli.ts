import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { type Db, migrateToLatest, openDatabase } from './db/database.js';
import { seedDemo } from './db/seed.js';
import { AppError } from './errors.js';
import { createAdmin } from './modules/accounts/create-admin.js';
import { importCourses } from './modules/catalog/import-courses.js';

interface Command {
  usage: string;
  run(db: Db, args: string[]): Promise<string>;
}

/** Operator commands: `npm run cli -- <command> [options]`. */
const commands: Record<string, Command> = {
  'db:seed': {
    usage: 'db:seed                      write the demo catalogue (existing demo courses are reset)',
    async run(db) {
      const count = await seedDemo(db);
      return `Seeded ${count} demo courses.`;
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
};

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
    await migrateToLatest(database.db);
    console.log(await command.run(database.db, args));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const expected =
      error instanceof AppError || error instanceof ConfigError || (error as { code?: string }).code === 'ENOENT';
    console.error(expected ? (error as Error).message : error);
    process.exit(1);
  },
);
