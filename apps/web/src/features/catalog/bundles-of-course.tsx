import { messages } from '@shop/shared';
import { Link } from 'wouter';
import { Price } from '../../components/ui/price';
import { useHydrated } from '../../components/ui/use-hydrated';
import { useGetBundlesWithCourseQuery } from './api';

/** The course page's list of the bundles that include the course; asked for once the page has taken over. */
export function BundlesOfCourse({ courseId }: { courseId: string }) {
  const hydrated = useHydrated();
  const { data: bundles } = useGetBundlesWithCourseQuery(courseId, { skip: !hydrated });
  if (!bundles || bundles.length === 0) return null;
  return (
    <section className="course-bundles" aria-labelledby="course-bundles-title">
      <h2 id="course-bundles-title">{messages.bundlesWithCourse}</h2>
      <ul>
        {bundles.map((bundle) => (
          <li key={bundle.id}>
            <Link to={`/bundles/${bundle.id}`} className="link">
              {bundle.title}
            </Link>{' '}
            <Price rupees={bundle.price} />
          </li>
        ))}
      </ul>
    </section>
  );
}
