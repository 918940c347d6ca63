import { computeTotals, formatPaise, messages, rupeesToPaise } from '@shop/shared';
import { Link } from 'wouter';
import { CloseIcon } from '../../components/ui/icons';
import { Price } from '../../components/ui/price';
import { useGetCoursesQuery } from '../catalog';
import type { LocalCartItem } from './cart-slice';
import { cohortLine } from './cohort-line';
import { useErrorToastOnce } from './use-error-toast-once';
import { useLocalCart } from './use-local-cart';

/** The spec's toast for a visitor's empty cart, once, and a sign-in that comes back here. */
function EmptyVisitorCart() {
  useErrorToastOnce(messages.viewCartNoLogin);
  return (
    <div className="visitor-cart">
      <p className="state-message">{messages.viewCartNoLogin}</p>
      <p className="visitor-cart-action">
        <Link to="/login?next=/cart" className="btn">
          {messages.signInToViewCart}
        </Link>
      </p>
    </div>
  );
}

/**
 * What a visitor picked, priced from the catalogue as it is now (the browser keeps only ids and
 * titles), with the subtotal they will see once these courses move into their cart at sign-in. A
 * course is bought once, so the subtotal counts each course once whatever its quantity.
 */
function PickedCourses({ items }: { items: LocalCartItem[] }) {
  const { decrease, remove, clear } = useLocalCart();
  const { data: catalogue } = useGetCoursesQuery(undefined);
  const onSale = new Map(catalogue?.map((course) => [course._id, course]));
  const priced = items.flatMap((item) => {
    const course = onSale.get(item.id);
    return course ? [{ pricePaise: rupeesToPaise(course.price), quantity: 1 }] : [];
  });
  const subtotal = computeTotals(priced, 0).subtotal;

  return (
    <section className="local-cart" aria-labelledby="local-cart-title">
      <h2 id="local-cart-title">{messages.visitorCartTitle}</h2>
      <ul className="local-cart-list">
        {items.map((item) => {
          const course = onSale.get(item.id);
          return (
            <li key={item.id}>
              {course && <img src={course.thumb} alt="" width="72" height="45" loading="lazy" />}
              <Link to={`/course-details/${item.id}`}>{item.title}</Link>
              {item.cohort && <span className="cart-cohort">{cohortLine(item.cohort)}</span>}
              {item.quantity > 1 && (
                <span className="local-cart-quantity">
                  × {item.quantity}
                  <button
                    type="button"
                    className="btn btn-outline btn-small"
                    aria-label={`Decrease quantity of ${item.title}`}
                    onClick={() => decrease(item.id)}
                  >
                    −
                  </button>
                </span>
              )}
              <span className="local-cart-price" data-course-price={item.id}>
                {course ? <Price rupees={course.price} /> : catalogue ? messages.visitorCartGone : '…'}
              </span>
              <button
                type="button"
                className="remove-button"
                aria-label={`Remove ${item.title} from cart`}
                onClick={() => remove(item.id)}
              >
                <CloseIcon size={18} />
              </button>
            </li>
          );
        })}
      </ul>
      <p className="local-cart-subtotal">
        <span>Subtotal</span> <strong data-total="subtotal">{catalogue ? formatPaise(subtotal) : '…'}</strong>
      </p>
      <p className="local-cart-note">{messages.visitorCartNote}</p>
      <div className="local-cart-actions">
        <Link to="/login?next=/cart" className="btn">
          {messages.signInToCheckout}
        </Link>
        <button type="button" className="btn btn-outline btn-small" onClick={clear}>
          Clear cart
        </button>
      </div>
    </section>
  );
}

/** A visitor's cart: the courses they picked, with prices, or the spec's 'please log in' when it is empty. */
export function VisitorCart() {
  const { items } = useLocalCart();
  return items.length === 0 ? <EmptyVisitorCart /> : <PickedCourses items={items} />;
}
