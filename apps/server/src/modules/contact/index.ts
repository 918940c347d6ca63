/**
 * The contact module's face to the console: its messages and their handled mark. Other modules import
 * from here, never from `repo.ts` (architecture.test.ts).
 */
export { findContactMessages, findMessageHandled, setMessageHandled } from './repo.js';
