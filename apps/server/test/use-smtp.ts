import { afterAll, afterEach, beforeAll } from 'vitest';
import { startSmtp, type TestSmtp } from './smtp.js';

/**
 * Registers a test SMTP listener for the whole file and returns it (read it inside hooks and tests,
 * once it has started); after each test it accepts mail again, whatever the test set.
 */
export function useSmtp(): () => TestSmtp {
  let smtp: TestSmtp | undefined;
  const current = () => {
    if (!smtp) throw new Error('the test SMTP listener has not started: read it inside a hook or a test');
    return smtp;
  };
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  afterEach(() => {
    if (smtp) smtp.rejecting = false;
  });
  return current;
}
