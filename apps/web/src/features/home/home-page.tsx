import { messages } from '@shop/shared';
import { Link } from 'react-router';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useGetCoursesQuery } from '../catalog/api';
import { CourseCard } from '../catalog/course-card';

export default function HomePage() {
  useDocumentMeta('', messages.bannerText);
  const { data: courses, isLoading, isError } = useGetCoursesQuery(undefined);
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <h1>{messages.bannerTitle}</h1>
            <p>{messages.bannerText}</p>
            <Link to="/courses" className="btn btn-large">
              {messages.startLearningNow}
            </Link>
          </div>
          <img className="hero-art" src="/images/hero-chart.svg" alt="" width="520" height="400" fetchPriority="high" />
        </div>
      </section>
      <section className="section" aria-labelledby="home-courses-title">
        <div className="container">
          <p className="eyebrow">{messages.topClassCourses}</p>
          <h2 id="home-courses-title" className="section-title">
            {messages.exploreCourses}
          </h2>
          {isLoading ? (
            <p className="state-message">{messages.loading}</p>
          ) : isError ? (
            <p className="state-message" role="alert">
              {messages.coursesFailed}
            </p>
          ) : !courses?.length ? (
            <p className="state-message">{messages.noCourses}</p>
          ) : (
            <div className="course-grid">
              {courses.slice(0, 4).map((course) => (
                <CourseCard key={course._id} course={course} />
              ))}
            </div>
          )}
        </div>
      </section>
    </>
  );
}
