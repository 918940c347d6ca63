import { messages } from '@shop/shared';
import { Link } from 'wouter';
import { CloseIcon } from '../../components/ui/icons';
import { PageBanner } from '../../components/ui/page-banner';
import { Price } from '../../components/ui/price';
import { EmptyShelf } from '../../components/ui/shelf-states';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { QuickAddToCartButton } from '../cart/quick-add-to-cart-button';
import { useWishlist } from './use-wishlist';
import '../cart/cart.css';
import './wishlist.css';

export default function WishlistPage() {
  useDocumentMeta('Wishlist', 'Courses you saved for later.');
  const wishlist = useWishlist();

  return (
    <>
      <PageBanner title="Wishlist" />
      <section className="section">
        <div className="container">
          {wishlist.items.length === 0 ? (
            <EmptyShelf className="wishlist-empty" message={messages.wishlistEmpty} />
          ) : (
            <>
              <ul className="wishlist-list" aria-label="Saved courses">
                {wishlist.items.map((item) => {
                  const href = `/course-details/${item.id}`;
                  return (
                    <li key={item.id} className="wishlist-item">
                      <Link to={href} className="wishlist-thumb" tabIndex={-1} aria-hidden="true">
                        <img src={item.thumb} alt="" width="120" height="75" loading="lazy" />
                      </Link>
                      <Link to={href} className="wishlist-title">
                        {item.title}
                      </Link>
                      <Price rupees={item.price} />
                      <div className="wishlist-actions">
                        <QuickAddToCartButton
                          course={{ id: item.id, title: item.title }}
                          label={messages.wishlistAddToCart}
                        />
                        <button
                          type="button"
                          className="remove-button"
                          aria-label={`Remove ${item.title} from wishlist`}
                          onClick={() => wishlist.remove(item.id)}
                        >
                          <CloseIcon size={18} />
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
              <button type="button" className="btn btn-outline btn-small" onClick={wishlist.clear}>
                Clear wishlist
              </button>
            </>
          )}
        </div>
      </section>
    </>
  );
}
