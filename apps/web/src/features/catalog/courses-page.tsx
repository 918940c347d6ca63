import { messages, pageMeta } from '@shop/shared';
import { Link } from 'wouter';
import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useSearchParams } from '../../lib/navigation';
import { WishlistButton } from '../wishlist';
import { useGetCoursesQuery } from './api';
import { CourseCard } from './course-card';

export default function CoursesPage() {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() || undefined;
  const { data: courses, isLoading, isError } = useGetCoursesQuery(q);
  useDocumentMeta(pageMeta.courses.title, pageMeta.courses.description);

  return (
    <>
      <PageBanner title={messages.allCourses} />
      <section className="section">
        <div className="container">
          {q && (
            <p className="search-summary">
              Courses matching <strong>“{q}”</strong>{' '}
              <Link to="/courses" className="link">
                Show all courses
              </Link>
            </p>
          )}
          {isLoading ? (
            <p className="state-message">{messages.loading}</p>
          ) : isError ? (
            <p className="state-message" role="alert">
              {messages.coursesFailed}
            </p>
          ) : !courses || courses.length === 0 ? (
            <p className="state-message">{messages.noCourses}</p>
          ) : (
            <>
              <h2 className="visually-hidden">Course list</h2>
              <div className="course-grid">
                {courses.map((course, index) => (
                  <CourseCard
                    key={course._id}
                    course={course}
                    eager={index < 3}
                    actions={<WishlistButton course={course} />}
                  />
                ))}
              </div>
            </>
          )}
        </div>
      </section>
    </>
  );
}
