import { messages, type PublicCohort } from '@shop/shared';
import { useState } from 'react';
import { Link } from 'wouter';
import { toast } from '../../components/ui/toast';
import { useLocation, useNavigate } from '../../lib/navigation';
import { useGetProfileQuery } from '../account';
import { CohortPicker } from './cohort-picker';
import { OwnedNotice } from './owned-notice';
import { useAddCourseToCart } from './use-add-course-to-cart';
import { useLocalCart } from './use-local-cart';
import './cart.css';

type Notice = 'sign-in' | 'owned' | 'instalments' | null;

/**
 * The details page's Add to Cart, which goes to /cart on success. A signed-in learner's course goes
 * into their server cart; a visitor's into the browser cart, which moves into the server cart when
 * they sign in (the wishlist's Add To Cart does the same). A course they own points to Enrolled
 * Courses; a refused add says 'Try Again.' and returns home, as the spec has it. A course that runs in
 * cohorts (issue 35) shows the open cohorts to pick from, and Add to Cart asks for a pick first.
 */
export function AddToCartButton({
  course,
  cohorts,
}: {
  course: { id: string; title: string };
  /** The open cohorts of a course that runs in cohorts; undefined for a self-paced course. */
  cohorts?: PublicCohort[];
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: profile, isLoading: checkingSession } = useGetProfileQuery();
  const [addCourse, { isLoading: adding }] = useAddCourseToCart();
  const localCart = useLocalCart();
  const [notice, setNotice] = useState<Notice>(null);
  const [cohortId, setCohortId] = useState<string | null>(null);
  const [cohortError, setCohortError] = useState<string | null>(null);
  const picked = cohorts?.find((cohort) => cohort.id === cohortId);

  const onClick = async () => {
    if (!course.id) return toast.error(messages.addToCartFailed);
    if (cohorts && !picked)
      return setCohortError(cohorts.length === 0 ? messages.noCohortOpen : messages.cohortRequired);
    const cohort = picked && { id: picked.id, title: picked.title, startsOn: picked.startsOn };
    if (!profile) {
      localCart.add({ ...course, ...(cohort ? { cohort } : {}) });
      navigate('/cart');
      return;
    }
    const outcome = await addCourse(course.id, cohort?.id);
    if (typeof outcome === 'object') return setCohortError(outcome.refused);
    if (outcome === 'added') navigate('/cart');
    else if (outcome === 'owned' || outcome === 'instalments') setNotice(outcome);
    else if (outcome === 'signed-out') {
      // The session ended while the page was open.
      toast.error(messages.addToCartNoLogin);
      setNotice('sign-in');
    } else if (outcome === 'failed') {
      toast.error(messages.addToCartFailed);
      navigate('/');
    } else toast.error(messages.addToCartException);
  };

  return (
    <div className="add-to-cart">
      {cohorts && (
        <CohortPicker
          cohorts={cohorts}
          value={cohortId}
          onChange={(id) => {
            setCohortId(id);
            setCohortError(null);
          }}
          error={cohortError}
        />
      )}
      <button type="button" className="btn btn-block" onClick={onClick} disabled={checkingSession || adding}>
        {messages.addToCart}
      </button>
      {notice === 'sign-in' && (
        <p className="cart-notice" role="alert">
          {messages.addToCartNoLogin}{' '}
          <Link className="link" to={`/login?next=${encodeURIComponent(pathname)}`}>
            {messages.signInToAddToCart}
          </Link>
        </p>
      )}
      {notice === 'owned' && <OwnedNotice />}
      {notice === 'instalments' && <OwnedNotice through="instalments" />}
    </div>
  );
}
