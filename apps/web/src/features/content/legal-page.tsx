import type { PageMeta } from '@shop/shared';
import type { ReactNode } from 'react';
import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import './legal.css';

interface LegalPageProps {
  meta: PageMeta;
  /** 'Last updated December 2024', or the policy's date. */
  dated: string;
  children: ReactNode;
}

/** Every static page: the shared header and footer come from the layout; this adds the title banner and the text. */
export function LegalPage({ meta, dated, children }: LegalPageProps) {
  useDocumentMeta(meta.title, meta.description);
  return (
    <>
      <PageBanner title={meta.title} />
      <section className="section">
        <article className="container content legal">
          <p className="legal-dated">{dated}</p>
          {children}
        </article>
      </section>
    </>
  );
}
