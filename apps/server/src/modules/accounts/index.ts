/**
 * The accounts module's face to other modules: an account's row and the console's change of its status. Other modules
 * import from here or from accounts' use cases, never from `repo.ts` (architecture.test.ts).
 */
export { findUserById, setAccountStatus } from './repo.js';
