import { messages } from '@shop/shared';
import { Link } from 'wouter';

/** Said under an add-to-cart button when the server answers that the learner already owns the course. */
export function OwnedNotice() {
  return (
    <p className="cart-notice" role="alert">
      {messages.courseOwned}{' '}
      <Link className="link" to="/enrolled-courses">
        {messages.goToEnrolledCourses}
      </Link>
    </p>
  );
}
