/** What other features may use of the wishlist: its heart button. */
export { WishlistButton } from './wishlist-button';
