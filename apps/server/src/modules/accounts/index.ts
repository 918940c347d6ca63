/**
 * The accounts module's face to other modules: an account's row, the console's change of its status, the
 * printed name certificates use, and what the privacy centre's deletion does to the row. Other modules
 * import from here or from accounts' use cases, never from `repo.ts` (architecture.test.ts).
 */

export { composeDeleteAccountMail } from './account-mails.js';
export { hasPassword } from './has-password.js';
export { accountLimits, enforceLimit } from './limits.js';
export {
  anonymiseUser,
  findActiveUsersByIds,
  findUserById,
  setAccountStatus,
  setCertificateName,
  tombstoneEmail,
  type UserRow,
} from './repo.js';
