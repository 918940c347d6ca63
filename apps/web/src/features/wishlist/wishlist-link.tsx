import { messages } from '@shop/shared';
import { Link } from 'wouter';
import { useAppSelector } from '../../app/hooks';
import { HeartIcon } from '../../components/ui/icons';
import { useHydrated } from '../../components/ui/use-hydrated';
import { selectWishlistItems } from './wishlist-slice';

/** The header's heart: the way to /wishlist, with the number of saved courses. */
export function WishlistLink() {
  // The server draws no browser wishlist: its count shows once the page has hydrated.
  const count = useAppSelector(selectWishlistItems).length * Number(useHydrated());
  const label =
    count === 0 ? messages.wishlist : `${messages.wishlist}, ${count} ${count === 1 ? 'course' : 'courses'}`;
  return (
    <Link to="/wishlist" className="icon-link" aria-label={label}>
      <HeartIcon size={22} />
      {count > 0 && (
        <span className="badge" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}
