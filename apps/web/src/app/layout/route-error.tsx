import { Component, type ReactNode } from 'react';
import { Link } from 'wouter';

/** Shown when a page fails to load (for example a chunk lost after a deploy): offer a reload. */
export function RouteError() {
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

/** Catches a page that fails to load or render; going to another address tries again. */
export class PageErrorBoundary extends Component<{ address: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('page failed to load', error);
  }

  override componentDidUpdate(previous: { address: string }) {
    if (this.state.failed && previous.address !== this.props.address) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
