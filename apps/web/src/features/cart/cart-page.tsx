import { messages } from '@shop/shared';
import { lazy, Suspense } from 'react';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { BuyerPage } from './buyer-page';
import { VisitorCart } from './visitor-cart';
import './cart.css';

/**
 * A buyer's cart (the table, the coupon box and its form rules) is its own chunk, asked for once the
 * session says who is here: a visitor's cart page loads none of it (issue 19: 11 KB less before the
 * visitor's first paint on a slow connection).
 */
const SignedInCart = lazy(() => import('./signed-in-cart').then((module) => ({ default: module.SignedInCart })));

export default function CartPage() {
  useDocumentMeta('Cart', 'The courses in your cart, a coupon box and your total in rupees.');
  return (
    <BuyerPage
      title="Cart"
      signedIn={(profile) => (
        <Suspense fallback={<p className="state-message">{messages.loading}</p>}>
          <SignedInCart owner={profile.email} />
        </Suspense>
      )}
      visitor={<VisitorCart />}
    />
  );
}
