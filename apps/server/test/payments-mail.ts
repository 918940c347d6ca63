import { usePaymentsShop } from './payments-kit.js';
import { useSmtp } from './use-smtp.js';

/**
 * usePaymentsShop('test') for a file whose tests read the mail sent: each new app sends to a test SMTP
 * listener kept for the whole file, returned as `smtp`.
 */
export function usePaymentsShopWithMail() {
  const smtp = useSmtp();
  return { ...usePaymentsShop('test', () => ({ SMTP_URL: smtp().url })), smtp };
}
