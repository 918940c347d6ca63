import { messages } from '@shop/shared';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { InstalmentsOption } from '../../components/ui/instalments-option';
import { Price } from '../../components/ui/price';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { errorMessage } from '../../lib/api';
import { useNavigate } from '../../lib/navigation';
import { useGetProfileQuery } from '../account';
import { useAddBundleToCartMutation } from '../cart';
import { useGetBundleQuery } from './api';
import { BundleCourses } from './bundle-courses';
import './bundles.css';

/** Add to cart for a bundle: signed-in learners only (the visitor's browser cart holds courses). */
function AddBundleButton({ bundleId }: { bundleId: string }) {
  const navigate = useNavigate();
  const { data: profile, isLoading: checkingSession } = useGetProfileQuery();
  const [addBundle, { isLoading: adding }] = useAddBundleToCartMutation();
  const [problem, setProblem] = useState<string | null>(null);
  if (!checkingSession && !profile) {
    return (
      <p className="bundle-notice">
        <Link className="btn" to={`/login?next=${encodeURIComponent(`/bundles/${bundleId}`)}`}>
          {messages.signInToAddBundle}
        </Link>
      </p>
    );
  }
  const onClick = async () => {
    try {
      await addBundle(bundleId).unwrap();
      navigate('/cart');
    } catch (error) {
      setProblem(errorMessage(error, messages.addToCartException));
    }
  };
  return (
    <>
      <button type="button" className="btn btn-block" onClick={onClick} disabled={checkingSession || adding}>
        {messages.addToCart}
      </button>
      {problem && (
        <p className="bundle-notice" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

/**
 * /bundles/{id}: a bundle's title, description, price, the courses it includes, and Add to Cart; under it
 * the bundle's instalment offer when it has one.
 */
export default function BundlePage() {
  const { id = '' } = useParams();
  const { data: bundle, isLoading } = useGetBundleQuery(id);
  useDocumentMeta(bundle?.title ?? messages.bundleNotFound, bundle?.description.slice(0, 160));

  if (isLoading) return <p className="container section state-message">{messages.loading}</p>;
  if (!bundle) {
    return (
      <section className="container section not-found">
        <h1>{messages.bundleNotFound}</h1>
        <Link className="btn" to="/courses">
          {messages.allCourses}
        </Link>
      </section>
    );
  }
  return (
    <section className="section bundle-details">
      <div className="container bundle-grid">
        <div className="bundle-main">
          <h1>{bundle.title}</h1>
          <p className="bundle-description">{bundle.description}</p>
          <h2>{messages.bundleIncludes}</h2>
          <BundleCourses courses={bundle.courses} />
        </div>
        <aside className="bundle-side" aria-label="Buy the bundle">
          <p className="bundle-price">
            <Price rupees={bundle.price} />
          </p>
          <AddBundleButton bundleId={bundle.id} />
          {bundle.instalments && (
            <InstalmentsOption
              offer={bundle.instalments}
              to={`/instalments/bundles/${bundle.id}`}
              className="bundle-instalments"
            />
          )}
        </aside>
      </div>
    </section>
  );
}
