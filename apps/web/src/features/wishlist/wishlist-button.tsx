import type { Course } from '@shop/shared';
import { HeartIcon } from '../../components/ui/icons';
import { useHydrated } from '../../components/ui/use-hydrated';
import { useWishlist } from './use-wishlist';
import './wishlist.css';

type WishlistCourse = Pick<Course, '_id' | 'title' | 'thumb' | 'price'>;

/** The heart on course cards and the details page: pressed while the course is on the wishlist. */
export function WishlistButton({ course, showLabel = false }: { course: WishlistCourse; showLabel?: boolean }) {
  const wishlist = useWishlist();
  // The wishlist lives in the browser: the server draws the heart unpressed, and it works once hydrated.
  const hydrated = useHydrated();
  const saved = hydrated && wishlist.has(course._id);
  const toggle = () => {
    if (saved) wishlist.remove(course._id);
    else wishlist.add({ id: course._id, title: course.title, thumb: course.thumb, price: course.price });
  };
  return (
    <button
      type="button"
      className={`wishlist-button${saved ? ' is-saved' : ''}${showLabel ? ' with-label' : ''}`}
      aria-pressed={saved}
      aria-label={showLabel ? undefined : `Wishlist: ${course.title}`}
      onClick={toggle}
      disabled={!hydrated}
    >
      <HeartIcon size={20} />
      {showLabel && <span>{saved ? 'In your wishlist' : 'Add to wishlist'}</span>}
    </button>
  );
}
