import { afterAll, beforeAll } from 'vitest';
import { createTestApp, standIn, type TestApp } from './helpers.js';

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
