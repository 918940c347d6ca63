import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';

export default function CartPage() {
  useDocumentMeta('Cart');
  return (
    <>
      <PageBanner title="Cart" />
      <section className="section">
        <div className="container content">
          <p>Your Bag is Empty</p>
        </div>
      </section>
    </>
  );
}
