import { messages } from '@shop/shared';
import { HeartIcon } from '../../components/ui/icons';
import { useHydrated } from '../../components/ui/use-hydrated';
import { useAppSelector } from '../../lib/hooks';
import { CountLink } from '../cart';
import { selectWishlistItems } from './wishlist-slice';

/** The header's heart: the way to /wishlist, with the number of saved courses. */
export function WishlistLink() {
  // The server draws no browser wishlist: its count shows once the page has hydrated.
  const count = useAppSelector(selectWishlistItems).length * Number(useHydrated());
  return <CountLink to="/wishlist" name={messages.wishlist} count={count} icon={<HeartIcon size={22} />} />;
}
