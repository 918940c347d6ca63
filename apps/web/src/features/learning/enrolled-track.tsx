import { Children, isValidElement, type ReactNode, useRef } from 'react';

/**
 * A horizontally scrolling row of cards that snaps to each card, with previous and next buttons:
 * 3 cards wide, 2 from 768 to 1199 px, 1.5 from 576 px, 1 below (widths in learning.css).
 * It stands in until the shared looping Carousel lands.
 */
export function EnrolledTrack({ label, children }: { label: string; children: ReactNode }) {
  const track = useRef<HTMLUListElement>(null);
  const slides = Children.toArray(children);
  const step = (direction: 1 | -1) => {
    const element = track.current;
    const first = element?.firstElementChild as HTMLElement | null;
    if (!element || !first) return;
    const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 2;
    const atStart = element.scrollLeft <= 2;
    // Wraps around at either end, as the spec's looping carousel does.
    if (direction === 1 && atEnd) element.scrollTo({ left: 0, behavior: 'smooth' });
    else if (direction === -1 && atStart) element.scrollTo({ left: element.scrollWidth, behavior: 'smooth' });
    else element.scrollBy({ left: direction * first.getBoundingClientRect().width, behavior: 'smooth' });
  };
  return (
    <section className="enrolled-carousel" aria-roledescription="carousel" aria-label={label}>
      <ul className="enrolled-track" ref={track}>
        {slides.map((slide, index) => (
          <li
            key={isValidElement(slide) && slide.key !== null ? slide.key : `slide-${index}`}
            className="enrolled-slide"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
          >
            {slide}
          </li>
        ))}
      </ul>
      {slides.length > 1 && (
        <div className="enrolled-carousel-nav">
          <button type="button" className="enrolled-nav-button" aria-label="Previous course" onClick={() => step(-1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="enrolled-nav-button" aria-label="Next course" onClick={() => step(1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
