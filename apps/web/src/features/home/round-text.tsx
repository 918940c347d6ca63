import { Link } from 'wouter';

const TEXT = 'Start Learning • Trade Smart • Grow Every Day • ';

/** The rotating round text: a slowly turning ring of words around a link to the courses. */
export function RoundText() {
  return (
    <div className="round-text-wrap">
      <Link
        to="/courses"
        className="round-text"
        aria-label="Start learning, trade smart, grow every day: browse all courses"
      >
        <svg className="round-text-ring" viewBox="0 0 200 200" aria-hidden="true">
          <defs>
            <path id="round-text-path" d="M100 100 m-78 0 a78 78 0 1 1 156 0 a78 78 0 1 1 -156 0" />
          </defs>
          <text>
            <textPath href="#round-text-path" textLength="485">
              {TEXT}
            </textPath>
          </text>
        </svg>
        <svg className="round-text-arrow" viewBox="0 0 24 24" width="34" height="34" aria-hidden="true">
          <path d="M7 17 17 7M9 7h8v8" fill="none" stroke="currentColor" strokeWidth="2.4" />
        </svg>
      </Link>
    </div>
  );
}
