import { messages } from '@shop/shared';
import { Link } from 'wouter';

/**
 * Said under an add-to-cart button when the server answers that the learner has the course already:
 * owned (Enrolled Courses), or being paid for in instalments (My Memberships, decision 0038).
 */
export function OwnedNotice({ through = 'enrolment' }: { through?: 'enrolment' | 'instalments' }) {
  const instalments = through === 'instalments';
  return (
    <p className="cart-notice" role="alert">
      {instalments ? messages.courseInInstalments : messages.courseOwned}{' '}
      <Link className="link" to={instalments ? '/my-memberships' : '/enrolled-courses'}>
        {instalments ? messages.seeMyMemberships : messages.goToEnrolledCourses}
      </Link>
    </p>
  );
}
