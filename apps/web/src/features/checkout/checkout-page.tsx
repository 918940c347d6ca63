import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';

export default function CheckoutPage() {
  useDocumentMeta('Checkout');
  return (
    <>
      <PageBanner title="Checkout" />
      <section className="section">
        <div className="container content">
          <p>Your cart is empty. Please add items before proceeding.</p>
        </div>
      </section>
    </>
  );
}
