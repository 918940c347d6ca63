import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';

export default function WishlistPage() {
  useDocumentMeta('Wishlist');
  return (
    <>
      <PageBanner title="Wishlist" />
      <section className="section">
        <div className="container content">
          <p>Your Wishlist is Empty</p>
        </div>
      </section>
    </>
  );
}
