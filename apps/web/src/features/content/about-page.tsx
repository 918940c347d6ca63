import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';

export default function AboutPage() {
  useDocumentMeta('Who We Are');
  return (
    <>
      <PageBanner title="Who We Are" />
      <section className="section">
        <div className="container content">
          <p>We teach price action, futures and options trading for Indian markets.</p>
        </div>
      </section>
    </>
  );
}
