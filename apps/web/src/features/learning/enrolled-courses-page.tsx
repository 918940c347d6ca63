import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';

export default function EnrolledCoursesPage() {
  useDocumentMeta('Enrolled Courses');
  return (
    <>
      <PageBanner title="Enrolled Courses" />
      <section className="section">
        <div className="container content">
          <p>No courses found.</p>
        </div>
      </section>
    </>
  );
}
