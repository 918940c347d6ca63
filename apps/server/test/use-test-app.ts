import { afterAll, beforeAll } from 'vitest';
import { createTestApp, createTestDatabase, standIn, type TestApp, type TestDatabase } from './helpers.js';

/** One app for the whole test file, built by `build` before its tests and closed after them; stands for that app. */
export function useTestApp(build: () => Promise<TestApp> = () => createTestApp()): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await build();
  });
  afterAll(() => built?.close());
  return standIn(() => {
    if (!built) throw new Error('the app is built in a hook: use it inside a test or a hook');
    return built;
  });
}

/** One fresh database for the whole test file, made before its tests and dropped after them; stands for it. */
export function useTestDatabase(): TestDatabase {
  let made: TestDatabase | undefined;
  beforeAll(async () => {
    made = await createTestDatabase();
  });
  afterAll(() => made?.close());
  return standIn(() => {
    if (!made) throw new Error('the database is made in a hook: use it inside a test or a hook');
    return made;
  });
}
