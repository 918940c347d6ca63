import { Link, useRouteError } from 'react-router';

/** Shown when a page fails to load (for example a chunk lost after a deploy): offer a reload. */
export function RouteError() {
  const error = useRouteError();
  console.warn('page failed to load', error);
  return (
    <section className="container section not-found">
      <h1>Something went wrong loading this page.</h1>
      <p>
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          Reload the page
        </button>{' '}
        <Link className="btn btn-outline" to="/">
          Go To Home Page
        </Link>
      </p>
    </section>
  );
}
