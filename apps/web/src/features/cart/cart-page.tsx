import { messages } from '@shop/shared';
import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useGetProfileQuery } from '../account/api';
import { SignedInCart } from './signed-in-cart';
import { VisitorCart } from './visitor-cart';
import './cart.css';

export default function CartPage() {
  useDocumentMeta('Cart', 'The courses in your cart, a coupon box and your total in rupees.');
  const { data: profile, isLoading } = useGetProfileQuery();
  return (
    <>
      <PageBanner title="Cart" />
      <section className="section">
        <div className="container">
          {isLoading ? (
            <p className="state-message">{messages.loading}</p>
          ) : profile ? (
            <SignedInCart owner={profile.email} />
          ) : (
            <VisitorCart />
          )}
        </div>
      </section>
    </>
  );
}
