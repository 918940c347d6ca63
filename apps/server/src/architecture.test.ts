import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The import rules of docs/architecture.md, read from the source itself (issue 13, item 6):
//   web -> shared <- server: the web never imports the server, shared imports neither;
//   routes -> use cases -> repositories: a routes file reaches the database only through a use case, a
//     repository imports no routes and no use case, a use case no routes;
//   no module imports another module's repository: it calls that module's use case instead.
// Each test fails on a new breach. Breaches that exist today are listed below by name, each with who is
// to fix it; a fixed one must leave its list (the test says so), so the lists only shrink.

const root = path.resolve(import.meta.dirname, '../../..');
const modulesDir = 'apps/server/src/modules';

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') found.push(...sourceFiles(relative));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(relative);
  }
  return found;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

/** The specifiers a file imports (type-only imports left out), and the repository-relative paths of its relative imports (.js -> .ts). */
function importsOf(file: string): { specifiers: string[]; files: string[] } {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  // A type-only import reaches no code (TypeScript erases it), so it breaks no rule.
  const specifiers = [...text.matchAll(IMPORT)]
    .filter((match) => !/^\s*(import|export)\s+type\s/.test(match[0]))
    .map((match) => match[1] ?? match[2] ?? '');
  const files = specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.posix.join(path.posix.dirname(file), specifier).replace(/\.js$/, '.ts'));
  return { specifiers, files };
}

const isRepository = (file: string) => /\/(repo|[\w-]+-repo)\.ts$/.test(file);
const isRoutes = (file: string) => /\/(routes|[\w-]+-routes)\.ts$/.test(file);
const moduleOf = (file: string) =>
  file.startsWith(`${modulesDir}/`) ? file.slice(modulesDir.length + 1).split('/')[0] : undefined;
const short = (file: string) => file.replace(`${modulesDir}/`, '');

const serverFiles = sourceFiles('apps/server/src');
const moduleFiles = serverFiles.filter((file) => moduleOf(file) && file.split('/').length > 5);

/** Every `importer -> imported` pair (module-relative) for which `breaks` holds. */
function breaches(breaks: (importer: string, imported: string) => boolean): string[] {
  return moduleFiles
    .flatMap((file) =>
      importsOf(file)
        .files.filter((imported) => breaks(file, imported))
        .map((imported) => `${short(file)} -> ${short(imported)}`),
    )
    .sort();
}

/** New breaches fail; so does a listed one that is gone (take it off the list). */
function expectOnly(found: string[], allowed: Record<string, string>) {
  const listed = Object.keys(allowed).sort();
  expect(
    found.filter((breach) => !listed.includes(breach)),
    'new breaches of the rule',
  ).toEqual([]);
  expect(
    listed.filter((breach) => !found.includes(breach)),
    'fixed: remove from the allow-list',
  ).toEqual([]);
}

// Breaches allowed for now (each with who is to fix it): none. A module that other modules call offers
// its use cases, or an `index.ts` naming the calls it offers (courses, coupons, learning), never its repository.
const CROSS_MODULE_REPOSITORY: Record<string, string> = {};

const ROUTES_TO_REPOSITORY: Record<string, string> = {};

// ---------------------------------------------------------------------------------------------------
// Floors, cycles and the web's zones (issue 33). Each allow-list below holds today's breaches by name and
// may only shrink: a new breach fails, and so does a listed one that is gone. A failure prints the whole
// list as found, in the list's own format, ready to paste (after checking that every new line is meant).

const serverSrc = 'apps/server/src';
const webSrc = 'apps/web/src';

/** A relative import resolved to a repository file (server `.js` -> `.ts`, web without extension), or null for a non-source file (CSS). */
function resolveImport(file: string, specifier: string): string | null {
  const joined = path.posix.join(path.posix.dirname(file), specifier);
  const candidates = [
    joined.replace(/\.js$/, '.ts'),
    joined.replace(/\.js$/, '.tsx'),
    `${joined}.ts`,
    `${joined}.tsx`,
    `${joined}/index.ts`,
    `${joined}/index.tsx`,
  ];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && fs.existsSync(path.join(root, candidate))) ?? null;
}

/** The files a file imports: all of them (type-only too: a type ties a floor to another as much as a call) or only those that run. */
function importedFiles(file: string, { runtimeOnly }: { runtimeOnly: boolean }): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(IMPORT)]
    .filter((match) => !runtimeOnly || !/^\s*(import|export)\s+type\s/.test(match[0]))
    .map((match) => match[1] ?? match[2] ?? '')
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolveImport(file, specifier))
    .filter((imported): imported is string => imported !== null);
}

const FLOORS = ['kernel', 'platform', 'domain', 'composer', 'shell'] as const;
type Floor = (typeof FLOORS)[number];

/**
 * The server's floors, lowest first (docs/architecture.md, 'Floors'). A file belongs to the floor of its
 * role: the seeds and the job runner (which hands each module's background work to the engine) are
 * the shell's.
 */
function floorOf(file: string): Floor | undefined {
  const f = file.slice(serverSrc.length + 1);
  if (/^(app|server|cli|shutdown|run-jobs)\.ts$/.test(f) || f.startsWith('seed/') || f === 'modules/index.ts')
    return 'shell';
  if (f.startsWith('modules/admin/') || f.startsWith('modules/privacy/')) return 'composer';
  if (f === 'modules/render-mail-attachment.ts' || f.startsWith('modules/pages/')) return 'composer';
  if (f.startsWith('modules/')) return 'domain';
  if (/^(auth|mail|jobs|payments|audit|plugins|http)\//.test(f) || f === 'deps.ts') return 'platform';
  if (
    /^(db|storage)\//.test(f) ||
    /^(errors|ids|config|tax-config|time|crypto|paths|html|pdf-bytes|parse-input|csv)\.ts$/.test(f)
  ) {
    return 'kernel';
  }
  return undefined;
}

// Test helpers that sit in src/ (`test-*.ts`) are counted like production files: they tie the floors too.
// Fixtures (`*.fixture.ts`) are started by tests as programs of their own, so they are left out like tests.
const serverCode = sourceFiles(serverSrc).filter((file) => !file.endsWith('.fixture.ts'));
const rank = (file: string) => FLOORS.indexOf(floorOf(file) as Floor);
const inServer = (file: string) => file.startsWith(`${serverSrc}/`);
const serverShort = (file: string) => file.slice(serverSrc.length + 1);

/** A lower floor never imports a higher one: `importer -> imported`, server-relative. */
function floorBreaches(): string[] {
  return serverCode
    .flatMap((file) =>
      importedFiles(file, { runtimeOnly: false })
        .filter((imported) => inServer(imported) && rank(imported) > rank(file))
        .map((imported) => `${serverShort(file)} -> ${serverShort(imported)}`),
    )
    .sort();
}

// Today's imports from a lower floor to a higher one. Each goes when its file moves or stops reaching
// up (code review, 'The one big step'); never add one without a word in the commit saying why.
const FLOOR_BREACHES: string[] = [];

/** The folder a server file counts as for cycles: `modules/<x>`, a top folder (`db`, `plugins`), or a root file itself. */
function serverArea(file: string): string {
  const parts = serverShort(file).split('/');
  if (parts[0] === 'modules') return parts.length > 2 ? `modules/${parts[1]}` : serverShort(file);
  return parts.length > 1 ? (parts[0] as string) : serverShort(file);
}

/** The folder a web file counts as: `features/<x>`, `components/<y>`, a top folder (`app`, `lib`), or a root file. */
function webArea(file: string): string {
  const parts = file.slice(webSrc.length + 1).split('/');
  if ((parts[0] === 'features' || parts[0] === 'components') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts.length > 1 ? (parts[0] as string) : file.slice(webSrc.length + 1);
}

/** The folder graph: which folders each folder's files import at run time. */
function folderGraph(files: string[], areaOf: (file: string) => string, within: (file: string) => boolean) {
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const from = areaOf(file);
    if (!edges.has(from)) edges.set(from, new Set());
    for (const imported of importedFiles(file, { runtimeOnly: true })) {
      const to = within(imported) ? areaOf(imported) : undefined;
      if (to && to !== from) edges.get(from)?.add(to);
    }
  }
  return edges;
}

/** The graph's strongly connected components of more than one folder, each sorted, as `a, b, c` (Tarjan's algorithm). */
function cyclesOf(edges: Map<string, Set<string>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort().join(', '));
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return components.sort();
}

// Today's folder cycles, each a set of folders that reach one another through runtime imports. A cycle
// may lose folders (or split: list the pieces); a new cycle, or a folder joining one, fails.
// The privacy centre is a composer folder of its own (modules/privacy/), which took accounts, newsletter,
// notes, playback and reviews out of the cycle. Left: learning issues and shows certificates while
// certificates read enrolments, and the certificate form suggests the checkout's billing name (orders),
// while orders grants enrolments through learning.
const SERVER_CYCLES: string[] = ['modules/certificates, modules/learning, modules/orders'];
const WEB_CYCLES: string[] = [
  'app, features/content, features/home',
  'features/cart, features/catalog, features/wishlist',
];

const webCode = sourceFiles(webSrc);
const featureOf = (file: string) => /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
/** A feature's named entry: what other features may import from it. */
const isFeatureEntry = (file: string) => /^apps\/web\/src\/features\/[^/]+\/index\.tsx?$/.test(file);

/** `importer -> imported` (web-relative) where a feature reaches into another past its entry, or components/ or lib/ import a feature. */
function webZoneBreaches(): string[] {
  const webShort = (file: string) => file.slice(webSrc.length + 1);
  return webCode
    .flatMap((file) =>
      importedFiles(file, { runtimeOnly: false })
        .filter((imported) => {
          const target = featureOf(imported);
          if (!target) return false;
          if (/^apps\/web\/src\/(components|lib)\//.test(file)) return true;
          const own = featureOf(file);
          return own !== undefined && own !== target && !isFeatureEntry(imported);
        })
        .map((imported) => `${webShort(file)} -> ${webShort(imported)}`),
    )
    .sort();
}

// Today's imports past another feature's entry. Each goes when the importer switches to the entry (or
// the shared piece moves to components/ or lib/). Kept out of the entries on purpose: pieces that bring
// their own CSS (the buttons, the dashboard frame) or endpoints (`cart-totals.tsx`), which an entry would
// pull into every chunk that imports it, and the lazily loaded preview player (its own chunk). The
// checkout's use-place-order.ts only waits for its switch.
const WEB_ZONE_BREACHES: string[] = [
  'features/catalog/course-details-page.tsx -> features/cart/add-to-cart-button.tsx',
  'features/catalog/course-details-page.tsx -> features/learning/preview-video-modal.tsx',
  'features/checkout/order-summary.tsx -> features/cart/cart-totals.tsx',
  'features/checkout/use-place-order.ts -> features/cart/api.ts',
  'features/checkout/use-place-order.ts -> features/cart/cart-totals.tsx',
  'features/checkout/use-place-order.ts -> features/cart/saved-coupon.ts',
  'features/community/community-page.tsx -> features/account/dashboard-sidebar.tsx',
  'features/learning/enrolled-courses-page.tsx -> features/account/dashboard-sidebar.tsx',
  'features/live-sessions/live-sessions-page.tsx -> features/account/dashboard-sidebar.tsx',
  'features/memberships/my-memberships-page.tsx -> features/account/dashboard-sidebar.tsx',
  'features/orders/orders-page.tsx -> features/account/dashboard-sidebar.tsx',
  'features/wishlist/wishlist-page.tsx -> features/cart/quick-add-to-cart-button.tsx',
];

/** New entries fail, gone ones fail; the message is the list as found, ready to paste. */
function expectAllowList(found: string[], allowed: string[], name: string) {
  const asList = `const ${name}: string[] = [\n${found.map((entry) => `  '${entry}',`).join('\n')}\n];`;
  const added = found.filter((entry) => !allowed.includes(entry));
  const gone = allowed.filter((entry) => !found.includes(entry));
  expect(
    { new: added, gone },
    `${name} differs from what the code does (new ones must be fixed, gone ones removed). As found:\n${asList}\n`,
  ).toEqual({ new: [], gone: [] });
}

// ---------------------------------------------------------------------------------------------------
// One writer per table (code review 5.6). Who writes each table: a module under `modules/`, or a folder
// of the kernel or the platform (docs/architecture.md, 'Server modules and what each owns', says the same).
// Only the owner inserts, updates or deletes its rows; every other module calls the owner's face (its
// `index.ts` or a named use case).
const TABLE_OWNERS: Record<string, string> = {
  // accounts (people) and the platform's sign-in parts
  users: 'accounts',
  sessions: 'auth',
  auth_tokens: 'auth',
  rate_limits: 'auth',
  mail_outbox: 'mail',
  audit_log: 'audit',
  instance_settings: 'db',
  // the shop
  courses: 'courses',
  bundles: 'bundles',
  bundle_courses: 'bundles',
  plans: 'plans',
  plan_courses: 'plans',
  live_sessions: 'live-sessions',
  live_attendance: 'live-sessions',
  live_notices: 'live-sessions',
  cohorts: 'cohorts',
  release_digests: 'learning',
  release_digest_optouts: 'learning',
  cohort_members: 'cohorts',
  community_spaces: 'community',
  community_posts: 'community',
  community_reactions: 'community',
  community_reports: 'community',
  community_bans: 'community',
  community_reads: 'community',
  carts: 'cart',
  cart_items: 'cart',
  cart_bundles: 'cart',
  coupons: 'coupons',
  coupon_redemptions: 'coupons',
  orders: 'orders',
  order_lines: 'orders',
  order_bundles: 'orders',
  payments: 'orders',
  order_events: 'orders',
  webhook_events: 'orders',
  refunds: 'orders',
  sandbox_orders: 'payments',
  sandbox_payments: 'payments',
  sandbox_plans: 'payments',
  sandbox_subscriptions: 'payments',
  gateway_plans: 'subscriptions',
  subscriptions: 'subscriptions',
  subscription_charges: 'subscriptions',
  member_notices: 'subscriptions',
  tax_document_counters: 'billing',
  tax_documents: 'billing',
  tax_settings: 'billing',
  // what a buyer gets
  enrolments: 'learning',
  course_files: 'learning',
  course_sections: 'learning',
  course_lessons: 'learning',
  lesson_attachments: 'learning',
  lesson_progress: 'learning',
  lesson_videos: 'video',
  video_streams: 'playback',
  video_device_flags: 'playback',
  video_key_fetches: 'playback',
  video_settings: 'playback',
  certificates: 'certificates',
  lesson_notes: 'notes',
  reviews: 'reviews',
  course_review_stats: 'reviews',
  contact_messages: 'contact',
  newsletter_subscribers: 'newsletter',
};

/** The writer a server file counts as: its module (`modules/<x>`), else its top folder (`auth`, `seed`), else the file. */
function writerOf(file: string): string {
  const parts = serverShort(file).split('/');
  if (parts[0] === 'modules' && parts.length > 2) return parts[1] as string;
  return parts.length > 1 ? (parts[0] as string) : serverShort(file);
}

const KYSELY_WRITE = /\.(?:insertInto|replaceInto|mergeInto|updateTable|deleteFrom)\(\s*'(\w+)'/g;
const SQL_TEXT = /\bsql(?:<[^`]*?>)?`([^`]*)`/g;
const SQL_WRITE = /\b(?:insert\s+into|delete\s+from|update)\s+"?(\w+)"?/gi;

/** The tables a source text writes, through Kysely's builders or in `sql` text. */
function tablesWritten(text: string): string[] {
  const viaSql = [...text.matchAll(SQL_TEXT)].flatMap((block) =>
    [...(block[1] ?? '').matchAll(SQL_WRITE)].map((match) => match[1] ?? ''),
  );
  return [...[...text.matchAll(KYSELY_WRITE)].map((match) => match[1] ?? ''), ...viaSql];
}

/** `writer -> table` for every write by someone other than the table's owner (migrations create the tables, so they are left out). */
function foreignWrites(): string[] {
  const found = new Set<string>();
  for (const file of serverCode) {
    if (file.startsWith(`${serverSrc}/db/migrations/`)) continue;
    for (const table of tablesWritten(fs.readFileSync(path.join(root, file), 'utf8'))) {
      const writer = writerOf(file);
      if (TABLE_OWNERS[table] !== writer) found.add(`${writer} -> ${table}`);
    }
  }
  return [...found].sort();
}

// Today's writes by a module other than the table's owner. Each goes when the writer calls the owner's
// face instead; a new one fails, and so does a listed one that is gone. Left: the demo seed (the shell)
// writes courses and their files, and video/repo.ts sets a lesson's video columns on course_lessons
// (learning owns lessons but already imports video to drop a removed lesson's uploads: calling back
// would make a cycle).
const FOREIGN_WRITES: string[] = ['seed -> course_files', 'seed -> courses', 'video -> course_lessons'];

describe('architecture: floors, cycles and zones (issue 33)', () => {
  it('every server file has a floor', () => {
    expect(serverCode.length).toBeGreaterThan(200);
    expect(serverCode.filter((file) => !floorOf(file)).map(serverShort)).toEqual([]);
  });

  it('a lower floor never imports a higher one (kernel < platform < domain < composer < shell)', () => {
    expectAllowList(floorBreaches(), FLOOR_BREACHES, 'FLOOR_BREACHES');
  });

  it('no folder cycle on the server beyond the listed ones', () => {
    expectAllowList(cyclesOf(folderGraph(serverCode, serverArea, inServer)), SERVER_CYCLES, 'SERVER_CYCLES');
  });

  it('no folder cycle in the web app beyond the listed ones', () => {
    expectAllowList(
      cyclesOf(folderGraph(webCode, webArea, (file) => file.startsWith(`${webSrc}/`))),
      WEB_CYCLES,
      'WEB_CYCLES',
    );
  });

  it("a feature imports another only through that feature's entry; components/ and lib/ import no feature", () => {
    expect(webCode.filter((file) => featureOf(file)).length).toBeGreaterThan(100);
    expectAllowList(webZoneBreaches(), WEB_ZONE_BREACHES, 'WEB_ZONE_BREACHES');
  });

  it('the web speaks one zod dialect: zod/mini (and the core types both dialects share), never classic zod', () => {
    const dialects = (text: string) =>
      [...text.matchAll(/from '(zod[^']*)'/g)].map((match) => match[1]).filter((name) => name !== 'zod/v4/core');
    expect(dialects("import { z } from 'zod/mini'; import type { $ZodType } from 'zod/v4/core';")).toEqual([
      'zod/mini',
    ]);
    expect(dialects("import type { z } from 'zod';")).toEqual(['zod']);
    const classic = webCode.filter((file) =>
      dialects(fs.readFileSync(path.join(root, file), 'utf8')).some((name) => name !== 'zod/mini'),
    );
    expect(classic).toEqual([]);
  });

  it('every table has one writer: its owner (one writer per table)', () => {
    const tables = [
      ...fs.readFileSync(path.join(root, serverSrc, 'db/schema.ts'), 'utf8').matchAll(/^ {2}(\w+): \w+Table;$/gm),
    ].map((match) => match[1]);
    expect(tables.length).toBeGreaterThan(30);
    expect(Object.keys(TABLE_OWNERS).sort(), 'TABLE_OWNERS names every table of db/schema.ts').toEqual(tables.sort());
    expectAllowList(foreignWrites(), FOREIGN_WRITES, 'FOREIGN_WRITES');
  });

  it('the table-writer rule catches a write by another module', () => {
    expect(writerOf(`${serverSrc}/modules/orders/repo.ts`)).toBe('orders');
    expect(writerOf(`${serverSrc}/auth/session.ts`)).toBe('auth');
    expect(
      tablesWritten(
        "db.insertInto('enrolments').values(v); db\n  .updateTable(\n    'coupons'\n  ); trx.deleteFrom('cart_items'); db.selectFrom('users'); sql`UPDATE \"users\" SET status = 1`; sql`select 1`",
      ),
    ).toEqual(['enrolments', 'coupons', 'cart_items', 'users']);
  });

  it('the floor, cycle and zone rules catch a breach', () => {
    expect(floorOf(`${serverSrc}/db/database.ts`)).toBe('kernel');
    expect(floorOf(`${serverSrc}/seed/seed.ts`)).toBe('shell');
    expect(floorOf(`${serverSrc}/plugins/origin-check.ts`)).toBe('platform');
    expect(floorOf(`${serverSrc}/modules/pages/page-render.ts`)).toBe('composer');
    expect(floorOf(`${serverSrc}/modules/orders/create-order.ts`)).toBe('domain');
    expect(floorOf(`${serverSrc}/audit/write-audit.ts`)).toBe('platform');
    expect(floorOf(`${serverSrc}/app.ts`)).toBe('shell');
    expect(rank(`${serverSrc}/modules/orders/repo.ts`) > rank(`${serverSrc}/db/database.ts`)).toBe(true);
    expect(resolveImport(`${webSrc}/features/cart/cart-link.tsx`, '../account/api')).toBe(
      `${webSrc}/features/account/api.ts`,
    );
    expect(resolveImport(`${serverSrc}/app.ts`, './db/database.js')).toBe(`${serverSrc}/db/database.ts`);
    expect(isFeatureEntry(`${webSrc}/features/cart/index.ts`)).toBe(true);
    expect(isFeatureEntry(`${webSrc}/features/cart/api.ts`)).toBe(false);
    const graph = (pairs: string[]) => {
      const edges = new Map<string, Set<string>>();
      for (const pair of pairs) {
        const [from, to] = pair.split(' -> ') as [string, string];
        edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
      return edges;
    };
    expect(cyclesOf(graph(['db -> errors.ts', 'modules/orders -> db']))).toEqual([]);
    expect(cyclesOf(graph(['db -> modules/orders', 'modules/orders -> db', 'auth -> db']))).toEqual([
      'db, modules/orders',
    ]);
  });
});

describe('architecture: who may import whom', () => {
  it('the web app never imports the server; shared imports neither', () => {
    const reaches = (files: string[], forbidden: RegExp) =>
      files.flatMap((file) =>
        importsOf(file)
          .specifiers.filter((specifier) => forbidden.test(specifier))
          .map((s) => `${file} -> ${s}`),
      );
    expect(reaches(sourceFiles('apps/web/src'), /apps\/server|@shop\/server|^(\.\.\/)+server\//)).toEqual([]);
    expect(reaches(sourceFiles('packages/shared/src'), /apps\/(server|web)|@shop\/(server|web)/)).toEqual([]);
    // The rules see files: without them the test would pass on nothing.
    expect(sourceFiles('apps/web/src').length).toBeGreaterThan(50);
    expect(sourceFiles('packages/shared/src').length).toBeGreaterThan(10);
  });

  it("no module imports another module's repository", () => {
    expect(moduleFiles.length).toBeGreaterThan(100);
    expectOnly(
      breaches((file, imported) => isRepository(imported) && moduleOf(imported) !== moduleOf(file)),
      CROSS_MODULE_REPOSITORY,
    );
  });

  it('routes reach the database through a use case, never a repository', () => {
    expectOnly(
      breaches((file, imported) => isRoutes(file) && isRepository(imported)),
      ROUTES_TO_REPOSITORY,
    );
  });

  it('a repository imports no routes and no use case; a use case no routes', () => {
    const usesRepository = (file: string) => importsOf(file).files.some(isRepository);
    expect(
      breaches((file, imported) => {
        if (!moduleOf(imported)) return false;
        if (isRepository(file)) return isRoutes(imported) || (!isRepository(imported) && usesRepository(imported));
        return !isRoutes(file) && isRoutes(imported);
      }),
    ).toEqual([]);
  });

  it('the rules catch a breach', () => {
    // The same checks over a made-up file of the orders module.
    const file = `${modulesDir}/orders/made-up.ts`;
    expect(
      isRepository(`${modulesDir}/cart/repo.ts`) && moduleOf(`${modulesDir}/cart/repo.ts`) !== moduleOf(file),
    ).toBe(true);
    expect(isRoutes(`${modulesDir}/orders/routes.ts`)).toBe(true);
    expect(isRoutes(`${modulesDir}/admin/people-routes.ts`)).toBe(true);
    expect(isRepository(`${modulesDir}/learning/lessons-repo.ts`)).toBe(true);
    expect(isRepository(`${modulesDir}/orders/reconcile-payments.ts`)).toBe(false);
    const parsed = [
      ...`import { a } from '../cart/repo.js';\nimport type { B } from './b.js';\nexport { c } from '../../c.js';\nconst d = await import('./d.js');`.matchAll(
        IMPORT,
      ),
    ].map((match) => match[1] ?? match[2]);
    expect(parsed).toEqual(['../cart/repo.js', './b.js', '../../c.js', './d.js']);
  });
});
