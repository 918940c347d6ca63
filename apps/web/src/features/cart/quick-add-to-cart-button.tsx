import { messages } from '@shop/shared';
import { useState } from 'react';
import { toast } from '../../components/ui/toast';
import { useGetProfileQuery } from '../account';
import { OwnedNotice } from './owned-notice';
import { useAddCourseToCart } from './use-add-course-to-cart';
import { useLocalCart } from './use-local-cart';
import './cart.css';

/**
 * Add To Cart from a list (the wishlist): a signed-in learner's server cart, or a visitor's browser
 * cart, which moves into the server cart when they sign in. The page stays where it is.
 */
export function QuickAddToCartButton({ course, label }: { course: { id: string; title: string }; label: string }) {
  const { data: profile, isLoading: checkingSession } = useGetProfileQuery();
  const [addCourse, { isLoading: adding }] = useAddCourseToCart();
  const localCart = useLocalCart();
  const [owned, setOwned] = useState<'enrolment' | 'instalments' | null>(null);

  const onClick = async () => {
    if (!profile) return localCart.add(course);
    const outcome = await addCourse(course.id);
    if (outcome === 'added') toast.success(`${course.title} ${messages.addedToCart}`);
    else if (outcome === 'owned') setOwned('enrolment');
    else if (outcome === 'instalments') setOwned('instalments');
    else if (outcome === 'signed-out') toast.error(messages.addToCartNoLogin);
    else if (outcome === 'failed') toast.error(messages.addToCartFailed);
    else if (typeof outcome === 'object') toast.error(outcome.refused);
    else toast.error(messages.addToCartException);
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-small"
        aria-label={`${label}: ${course.title}`}
        onClick={onClick}
        disabled={checkingSession || adding}
      >
        {label}
      </button>
      {owned && <OwnedNotice through={owned} />}
    </>
  );
}
