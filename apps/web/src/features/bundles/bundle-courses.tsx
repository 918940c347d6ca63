import type { BundleCourse } from '@shop/shared';
import { Link } from 'wouter';
import { Price } from '../../components/ui/price';
import './bundles.css';

/** The courses a bundle includes, each with its thumbnail, its page and its price alone. */
export function BundleCourses({ courses }: { courses: BundleCourse[] }) {
  return (
    <ul className="bundle-courses">
      {courses.map((course) => (
        <li key={course._id}>
          <Link to={`/course-details/${course._id}`} className="bundle-course">
            <img src={course.thumb} alt="" width="96" height="60" loading="lazy" />
            <span>{course.title}</span>
          </Link>
          <Price rupees={course.price} />
        </li>
      ))}
    </ul>
  );
}
