import { messages } from '@shop/shared';
import { Carousel, type CarouselBreakpoint } from '../../components/ui/carousel';
import { CourseCard, useGetCoursesQuery } from '../catalog';

/** The spec's layout: 4 slides from 1200 px, 3 from 992, 2 from 768, 1 below; 24 px apart at 992 and 768, else 30. */
const breakpoints: CarouselBreakpoint[] = [
  { minWidth: 768, slidesPerView: 2, spaceBetween: 24 },
  { minWidth: 992, slidesPerView: 3, spaceBetween: 24 },
  { minWidth: 1200, slidesPerView: 4, spaceBetween: 30 },
];

function CoursesState() {
  const { data: courses, isLoading, isError } = useGetCoursesQuery(undefined);
  if (isLoading) return <p className="state-message">{messages.loading}</p>;
  if (isError) {
    return (
      <p className="state-message" role="alert">
        {messages.coursesFailed}
      </p>
    );
  }
  if (!courses?.length) return <p className="state-message">{messages.noCourses}</p>;
  return (
    <Carousel
      label={messages.topClassCourses}
      layout={{ slidesPerView: 1, spaceBetween: 30 }}
      breakpoints={breakpoints}
    >
      {courses.map((course) => (
        <CourseCard key={course._id} course={course} />
      ))}
    </Carousel>
  );
}

export function TopCourses() {
  return (
    <section className="section top-courses" aria-labelledby="home-courses-title">
      <div className="container">
        <div className="top-courses-head">
          <div>
            <p className="eyebrow">{messages.topClassCourses}</p>
            <h2 id="home-courses-title" className="section-title">
              {messages.exploreCourses}
            </h2>
          </div>
          <div className="course-tabs" role="tablist" aria-label="Course categories">
            <button
              type="button"
              role="tab"
              id="home-courses-tab"
              aria-selected="true"
              aria-controls="home-courses-panel"
            >
              {messages.allCourses}
            </button>
          </div>
        </div>
        <div id="home-courses-panel" role="tabpanel" aria-labelledby="home-courses-tab">
          <CoursesState />
        </div>
      </div>
    </section>
  );
}
