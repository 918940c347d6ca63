import { messages } from '@shop/shared';
import { Link } from 'wouter';
import { useDocumentMeta } from '../../components/ui/use-document-meta';

export default function NotFoundPage() {
  useDocumentMeta('Page not found');
  return (
    <section className="section not-found">
      <div className="container">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>{messages.notFoundTitle}</h1>
        <Link to="/" className="btn">
          {messages.goToHomePage}
        </Link>
      </div>
    </section>
  );
}
