import { messages } from '@shop/shared';
import { Link } from 'wouter';
import { Price } from '../../components/ui/price';
import { useHydrated } from '../../components/ui/use-hydrated';
import { useGetPlansWithCourseQuery } from './api';
import { perPeriod } from './plan-terms';

/** The course page's list of the membership plans that include the course; asked for once the page has taken over. */
export function PlansOfCourse({ courseId }: { courseId: string }) {
  const hydrated = useHydrated();
  const { data: plans } = useGetPlansWithCourseQuery(courseId, { skip: !hydrated });
  if (!plans || plans.length === 0) return null;
  return (
    <section className="course-bundles" aria-labelledby="course-plans-title">
      <h2 id="course-plans-title">{messages.plansWithCourse}</h2>
      <ul>
        {plans.map((plan) => (
          <li key={plan.id}>
            <Link to={`/memberships/${plan.id}`} className="link">
              {plan.title}
            </Link>{' '}
            <Price rupees={plan.price} /> {perPeriod(plan.period)}
          </li>
        ))}
      </ul>
    </section>
  );
}
