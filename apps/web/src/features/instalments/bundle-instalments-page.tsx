import { messages } from '@shop/shared';
import { Link, useParams } from 'wouter';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { BundleCourses, useGetBundleQuery } from '../bundles';
import { OfferLayout, OfferMissing, offerTitle } from './offer-layout';

/**
 * /instalments/bundles/{bundleId}: a bundle offered in N monthly payments, as a course is on
 * /instalments/{courseId}: the courses it opens, the total, the mandate in plain words and Subscribe.
 */
export default function BundleInstalmentsPage() {
  const { bundleId = '' } = useParams();
  const { data: bundle, isLoading } = useGetBundleQuery(bundleId);
  const offer = bundle?.instalments ?? null;
  const title = bundle && offer ? offerTitle(bundle.title, offer) : messages.bundleInstalmentsNotOffered;
  useDocumentMeta(title, undefined, bundle?.courses[0]?.thumb);

  if (!bundle || !offer) {
    return (
      <OfferMissing
        loading={isLoading}
        heading={messages.bundleInstalmentsNotOffered}
        back={
          bundle ? { to: `/bundles/${bundle.id}`, label: bundle.title } : { to: '/courses', label: messages.allCourses }
        }
      />
    );
  }
  return (
    <OfferLayout title={title} offer={offer} returnTo={`/instalments/bundles/${bundle.id}`}>
      <p>
        <Link to={`/bundles/${bundle.id}`}>{bundle.title}</Link>
      </p>
      <h2>{messages.bundleIncludes}</h2>
      <BundleCourses courses={bundle.courses} />
    </OfferLayout>
  );
}
