import { Link } from 'wouter';

/** The title banner every inner page opens with: the title and a breadcrumb home. */
export function PageBanner({ title }: { title: string }) {
  return (
    <section className="page-banner">
      <div className="container">
        <h1>{title}</h1>
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <Link to="/">Home</Link> <span aria-hidden="true">/</span> <span aria-current="page">{title}</span>
        </nav>
      </div>
    </section>
  );
}
