/**
 * The accounts module's face to other modules: the console's change of an account's status. Other modules
 * import from here or from accounts' use cases, never from `repo.ts` (architecture.test.ts).
 */
export { setAccountStatus } from './repo.js';
