import { type LearnSection, messages } from '@shop/shared';
import { Link } from 'wouter';

interface LessonOutlineProps {
  courseId: string;
  sections: LearnSection[];
  currentId: string;
  onPick: () => void;
}

/** Sections and their lessons, each a link with its completion tick; the open lesson is marked as current. */
export function LessonOutline({ courseId, sections, currentId, onPick }: LessonOutlineProps) {
  return (
    <div className="outline-sections">
      {sections.map((section) => (
        <section key={section.id} className="outline-section" aria-labelledby={`section-${section.id}`}>
          <h2 id={`section-${section.id}`} className="outline-section-title">
            {section.title}
          </h2>
          <ol className="outline-lessons">
            {section.lessons.map((lesson) => (
              <li key={lesson.id}>
                <Link
                  to={`/learn/${courseId}/${lesson.id}`}
                  className={`outline-lesson${lesson.completed ? ' is-complete' : ''}`}
                  aria-current={lesson.id === currentId ? 'page' : undefined}
                  onClick={onPick}
                >
                  <span className="outline-tick" aria-hidden="true">
                    {lesson.completed ? '✓' : ''}
                  </span>
                  <span className="outline-lesson-title">
                    {lesson.title}
                    {lesson.completed && <span className="visually-hidden"> ({messages.lessonCompletedTick})</span>}
                  </span>
                  {lesson.duration && <span className="outline-duration">{lesson.duration}</span>}
                </Link>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
