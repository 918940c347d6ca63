import { messages } from '@shop/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CloseIcon } from '../../components/ui/icons';
import { toast } from '../../components/ui/toast';
import { useLocalCart } from './use-local-cart';

/** A visitor sees the spec's toast, a way to sign in that comes back here, and what they picked so far. */
export function VisitorCart() {
  const { items, decrease, remove, clear } = useLocalCart();
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    toast.error(messages.viewCartNoLogin);
  }, []);

  return (
    <div className="visitor-cart">
      <p className="state-message">{messages.viewCartNoLogin}</p>
      <p className="visitor-cart-action">
        <Link to="/login?next=/cart" className="btn">
          {messages.signInToViewCart}
        </Link>
      </p>
      {items.length > 0 && (
        <section className="local-cart" aria-labelledby="local-cart-title">
          <h2 id="local-cart-title">Courses you picked</h2>
          <p>They move into your cart when you sign in.</p>
          <ul className="local-cart-list">
            {items.map((item) => (
              <li key={item.id}>
                <Link to={`/course-details/${item.id}`}>{item.title}</Link>
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
                <button
                  type="button"
                  className="remove-button"
                  aria-label={`Remove ${item.title} from cart`}
                  onClick={() => remove(item.id)}
                >
                  <CloseIcon size={18} />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-outline btn-small" onClick={clear}>
            Clear cart
          </button>
        </section>
      )}
    </div>
  );
}
