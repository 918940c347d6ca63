import { type CartBundle, type CartEntry, messages } from '@shop/shared';
import { Link } from 'wouter';
import { CloseIcon } from '../../components/ui/icons';
import { Price } from '../../components/ui/price';
import { toast } from '../../components/ui/toast';
import { useRemoveBundleFromCartMutation, useRemoveFromCartMutation } from './api';
import { cohortLine } from './cohort-line';

/** Product (thumbnail and title to the details page), Price, and × to remove. */
export function CartTable({ entries, bundles = [] }: { entries: CartEntry[]; bundles?: CartBundle[] }) {
  const [removeFromCart, { isLoading: removing }] = useRemoveFromCartMutation();
  const [removeBundle, { isLoading: removingBundle }] = useRemoveBundleFromCartMutation();
  const dropBundle = (bundleId: string) =>
    removeBundle(bundleId)
      .unwrap()
      .then(
        () => toast.success(messages.bundleRemovedFromCart),
        () => toast.error(messages.courseRemoveFailed),
      );
  const remove = (courseId: string) =>
    removeFromCart(courseId)
      .unwrap()
      .then(
        () => toast.success(messages.courseRemovedFromCart),
        () => toast.error(messages.courseRemoveFailed),
      );

  return (
    <table className="cart-table">
      <caption className="visually-hidden">Courses in your cart</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Price</th>
          <th scope="col">
            <span className="visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map(({ courseId: course, cohort }) => (
          <tr key={course._id}>
            <td>
              <Link to={`/course-details/${course._id}`} className="cart-product">
                <img src={course.thumb} alt="" width="96" height="60" loading="lazy" />
                <span>{course.title}</span>
              </Link>
              {cohort && <p className="cart-cohort">{cohortLine(cohort)}</p>}
            </td>
            <td>
              <Price rupees={course.price} />
            </td>
            <td>
              <button
                type="button"
                className="remove-button"
                aria-label={`Remove ${course.title} from cart`}
                disabled={removing}
                onClick={() => remove(course._id)}
              >
                <CloseIcon size={18} />
              </button>
            </td>
          </tr>
        ))}
        {bundles.map((bundle) => {
          const owned = bundle.courses.filter((course) => course.owned).map((course) => course.title);
          return (
            <tr key={bundle._id} data-bundle={bundle._id}>
              <td>
                <Link to={`/bundles/${bundle._id}`} className="cart-product">
                  <span>{bundle.title}</span>
                </Link>
                <p className="cart-bundle-courses">
                  {messages.bundleIncludes}: {bundle.courses.map((course) => course.title).join(', ')}
                </p>
                {owned.length > 0 && (
                  <p className="cart-bundle-owned">
                    {messages.bundleOwnedCourses.replace('{titles}', owned.join(', '))}
                  </p>
                )}
              </td>
              <td>
                <Price rupees={bundle.price} />
              </td>
              <td>
                <button
                  type="button"
                  className="remove-button"
                  aria-label={`Remove ${bundle.title} from cart`}
                  disabled={removingBundle}
                  onClick={() => dropBundle(bundle._id)}
                >
                  <CloseIcon size={18} />
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
