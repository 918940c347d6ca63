import { afterEach, vi } from 'vitest';

/** For a test file or block: a Map standing in for the browser's localStorage, emptied after each test. */
export function useFakeLocalStorage(): Map<string, string> {
  const storage = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  });
  afterEach(() => storage.clear());
  return storage;
}
