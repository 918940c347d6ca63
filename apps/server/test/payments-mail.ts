import type { FakeRazorpay } from './fake-razorpay.js';
import type { TestApp } from './helpers.js';
import { usePaymentsApp } from './payments-kit.js';
import type { TestSmtp } from './smtp.js';
import { useSmtp } from './use-smtp.js';

/**
 * usePaymentsApp('test', …) for a file whose tests read the mail sent: each new app sends to a test SMTP
 * listener kept for the whole file, which is returned.
 */
export function usePaymentsAppWithMail(use: (t: TestApp, fake: FakeRazorpay) => void): () => TestSmtp {
  const smtp = useSmtp();
  usePaymentsApp('test', use, () => ({ SMTP_URL: smtp().url }));
  return smtp;
}
