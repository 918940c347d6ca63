import { messages } from '@shop/shared';
import { Link } from 'wouter';
import { useAppSelector } from '../../app/hooks';
import { HeartIcon } from '../../components/ui/icons';
import { selectWishlistItems } from './wishlist-slice';

/** The header's heart: the way to /wishlist, with the number of saved courses. */
export function WishlistLink() {
  const count = useAppSelector(selectWishlistItems).length;
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
