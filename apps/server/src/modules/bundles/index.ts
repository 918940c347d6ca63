/**
 * The bundles module's face to the other modules (issue 34): the cart and the checkout ask it what a
 * bundle is and holds; they never read its tables. The console's and the shop's routes are its own.
 */

export { bundleOffered } from './bundle-offered.js';
export { type BundleOnSale, findBundlesOnSale } from './find-bundles-on-sale.js';
