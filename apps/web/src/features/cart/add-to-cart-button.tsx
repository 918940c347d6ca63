import { messages } from '@shop/shared';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { useGetProfileQuery } from '../account/api';
import { useAddCourseToCart } from './use-add-course-to-cart';
import './cart.css';

type Notice = 'sign-in' | 'owned' | null;

/**
 * The details page's Add to Cart: signed-in learners go to /cart on success; visitors are asked to
 * sign in and come back here; a course they own points to Enrolled Courses; a refused add says
 * 'Try Again.' and returns home, as the spec has it.
 */
export function AddToCartButton({ courseId }: { courseId: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { data: profile, isLoading: checkingSession } = useGetProfileQuery();
  const [addCourse, { isLoading: adding }] = useAddCourseToCart();
  const [notice, setNotice] = useState<Notice>(null);

  const askToSignIn = () => {
    toast.error(messages.addToCartNoLogin);
    setNotice('sign-in');
  };

  const onClick = async () => {
    if (!profile) return askToSignIn();
    if (!courseId) return toast.error(messages.addToCartFailed);
    const outcome = await addCourse(courseId);
    if (outcome === 'added') navigate('/cart');
    else if (outcome === 'owned') setNotice('owned');
    else if (outcome === 'signed-out') askToSignIn();
    else if (outcome === 'failed') {
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
      {notice === 'owned' && (
        <p className="cart-notice" role="alert">
          {messages.courseOwned}{' '}
          <Link className="link" to="/enrolled-courses">
            {messages.goToEnrolledCourses}
          </Link>
        </p>
      )}
    </div>
  );
}
