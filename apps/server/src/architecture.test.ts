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
