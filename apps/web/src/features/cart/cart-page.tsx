import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { BuyerPage } from './buyer-page';
import { SignedInCart } from './signed-in-cart';
import { VisitorCart } from './visitor-cart';
import './cart.css';

export default function CartPage() {
  useDocumentMeta('Cart', 'The courses in your cart, a coupon box and your total in rupees.');
  return (
    <BuyerPage title="Cart" signedIn={(profile) => <SignedInCart owner={profile.email} />} visitor={<VisitorCart />} />
  );
}
