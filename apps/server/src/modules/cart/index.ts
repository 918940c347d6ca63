/**
 * The cart module's face to other modules: what a paid order changes in the buyer's cart. Other modules
 * import from here or from cart's use cases, never from `repo.ts` (architecture.test.ts).
 */
export { removeBoughtBundleFromCart, removeBoughtFromCart } from './repo.js';
