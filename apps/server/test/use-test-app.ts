import { afterAll, beforeAll } from 'vitest';
import { createTestApp, createTestDatabase, standIn, type TestApp, type TestDatabase } from './helpers.js';

/** What `make` makes, once for the whole test file: before its tests, closed after them; stands for it. */
function useForFile<T extends { close(): Promise<void> }>(make: () => Promise<T>, what: string): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  afterAll(() => made?.close());
  return standIn(() => {
    if (!made) throw new Error(`${what} is made in a hook: use it inside a test or a hook`);
    return made;
  });
}

/** One app for the whole test file, built by `build`. */
export function useTestApp(build: () => Promise<TestApp> = () => createTestApp()): TestApp {
  return useForFile(build, 'the app');
}

/** One fresh database for the whole test file, dropped after it. */
export function useTestDatabase(): TestDatabase {
  return useForFile(createTestDatabase, 'the database');
}
