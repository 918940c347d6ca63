import { type CartEntry, messages } from '@shop/shared';
import { Link } from 'wouter';
import { CloseIcon } from '../../components/ui/icons';
import { Price } from '../../components/ui/price';
import { toast } from '../../components/ui/toast';
import { useRemoveFromCartMutation } from './api';

/** Product (thumbnail and title to the details page), Price, and × to remove. */
export function CartTable({ entries }: { entries: CartEntry[] }) {
  const [removeFromCart, { isLoading: removing }] = useRemoveFromCartMutation();
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
        {entries.map(({ courseId: course }) => (
          <tr key={course._id}>
            <td>
              <Link to={`/course-details/${course._id}`} className="cart-product">
                <img src={course.thumb} alt="" width="96" height="60" loading="lazy" />
                <span>{course.title}</span>
              </Link>
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
      </tbody>
    </table>
  );
}
