import { messages } from '@shop/shared';
import { useState } from 'react';
import { Link } from 'wouter';
import { toast } from '../../components/ui/toast';
import { useLocation, useNavigate } from '../../lib/navigation';
import { useGetProfileQuery } from '../account';
import { OwnedNotice } from './owned-notice';
import { useAddCourseToCart } from './use-add-course-to-cart';
import { useLocalCart } from './use-local-cart';
import './cart.css';

type Notice = 'sign-in' | 'owned' | 'instalments' | null;

/**
 * The details page's Add to Cart, which goes to /cart on success. A signed-in learner's course goes
 * into their server cart; a visitor's into the browser cart, which moves into the server cart when
 * they sign in (the wishlist's Add To Cart does the same). A course they own points to Enrolled
 * Courses; a refused add says 'Try Again.' and returns home, as the spec has it.
 */
export function AddToCartButton({ course }: { course: { id: string; title: string } }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: profile, isLoading: checkingSession } = useGetProfileQuery();
  const [addCourse, { isLoading: adding }] = useAddCourseToCart();
  const localCart = useLocalCart();
  const [notice, setNotice] = useState<Notice>(null);

  const onClick = async () => {
    if (!course.id) return toast.error(messages.addToCartFailed);
    if (!profile) {
      localCart.add(course);
      navigate('/cart');
      return;
    }
    const outcome = await addCourse(course.id);
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
