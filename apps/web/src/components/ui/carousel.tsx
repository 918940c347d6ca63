import {
  Children,
  type CSSProperties,
  isValidElement,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useHydrated } from './use-hydrated';
import { useReducedMotion } from './use-reduced-motion';
import './carousel.css';

export interface CarouselLayout {
  /** May be fractional (1.5 shows one slide and half of the next). */
  slidesPerView: number;
  /** Pixels between slides. */
  spaceBetween: number;
}

export interface CarouselBreakpoint extends CarouselLayout {
  /** Applies from this window width up (as a `min-width` media query). */
  minWidth: number;
}

interface CarouselProps {
  /** Accessible name of the carousel region. */
  label: string;
  /** Layout below the smallest breakpoint. */
  layout: CarouselLayout;
  breakpoints?: CarouselBreakpoint[];
  /** One child per slide, each with a stable key. */
  children: ReactNode;
}

const SPEED_MS = 300;
const SWIPE_PX = 40;
const DRAG_START_PX = 8;

function subscribeResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function useLayout(layout: CarouselLayout, breakpoints: CarouselBreakpoint[]): CarouselLayout {
  const widest = [...breakpoints].sort((a, b) => b.minWidth - a.minWidth);
  // The snapshot is the index of the matching breakpoint, so resizing re-renders only when it changes.
  const index = useSyncExternalStore(subscribeResize, () =>
    typeof window === 'undefined' ? -1 : widest.findIndex((breakpoint) => window.innerWidth >= breakpoint.minWidth),
  );
  // The server knows no width: it draws the narrowest layout, and so does the render that hydrates it.
  const hydrated = useHydrated();
  return (hydrated ? widest[index] : undefined) ?? layout;
}

const mod = (value: number, count: number) => ((value % count) + count) % count;

/**
 * A looping carousel without autoplay: previous/next buttons, arrow keys, and swipe or mouse drag.
 * The slides are rendered in rotated order with one spare slide on the left; a move slides the track
 * by one slide, then rotates the order and puts the track back without a transition, so it loops forever.
 */
export function Carousel({ label, layout, breakpoints = [], children }: CarouselProps) {
  const items = Children.toArray(children);
  const count = items.length;
  const { slidesPerView, spaceBetween } = useLayout(layout, breakpoints);
  const loops = count > slidesPerView;
  // The track needs the visible slides plus one spare on each side; a short list is repeated to fill it.
  const copies = loops ? Math.ceil((Math.ceil(slidesPerView) + 2) / count) : 1;
  const total = count * copies;
  const reduceMotion = useReducedMotion();

  const [start, setStart] = useState(0);
  const [shift, setShift] = useState(0);
  const [drag, setDrag] = useState(0);
  const [moving, setMoving] = useState(false);
  const pointer = useRef<{ x: number; y: number; dragging: boolean } | null>(null);
  const swallowClick = useRef(false);
  const settleTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(settleTimer.current), []);

  const settle = () => {
    window.clearTimeout(settleTimer.current);
    setStart((current) => mod(current + shift, total));
    setShift(0);
    setMoving(false);
  };

  const go = (step: -1 | 0 | 1) => {
    if (!loops || moving) return;
    setDrag(0);
    if (reduceMotion) {
      setStart((current) => mod(current + step, total));
      return;
    }
    setShift(step);
    setMoving(true);
    // transitionend can be missed (a hidden tab); the timer settles the move anyway.
    settleTimer.current = window.setTimeout(() => settleRef.current(), SPEED_MS + 100);
  };
  const settleRef = useRef(settle);
  settleRef.current = settle;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    go(event.key === 'ArrowLeft' ? -1 : 1);
  };

  const onPointerDown = (event: PointerEvent) => {
    swallowClick.current = false;
    if (!loops || moving || event.button !== 0) return;
    pointer.current = { x: event.clientX, y: event.clientY, dragging: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const down = pointer.current;
    if (!down) return;
    const dx = event.clientX - down.x;
    if (!down.dragging) {
      if (Math.abs(dx) < DRAG_START_PX) return;
      if (Math.abs(event.clientY - down.y) > Math.abs(dx)) {
        pointer.current = null;
        return;
      }
      down.dragging = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    setDrag(dx);
  };
  const onPointerUp = (event: PointerEvent) => {
    const down = pointer.current;
    pointer.current = null;
    if (!down?.dragging) return;
    swallowClick.current = true;
    const dx = event.clientX - down.x;
    go(dx <= -SWIPE_PX ? 1 : dx >= SWIPE_PX ? -1 : 0);
  };
  const onPointerCancel = () => {
    if (pointer.current?.dragging) go(0);
    pointer.current = null;
  };

  const first = loops ? start - 1 : 0;
  const ordered = Array.from({ length: total }, (_, position) => mod(first + position, total));
  const visibleFrom = loops ? 1 : 0;
  const visibleTo = visibleFrom + Math.ceil(slidesPerView);
  const offset = (loops ? -1 : 0) - shift;

  const rootStyle = {
    '--carousel-spv': slidesPerView,
    '--carousel-gap': `${spaceBetween}px`,
  } as CSSProperties;
  const trackStyle: CSSProperties = {
    transform: `translate3d(calc(${offset} * (100% + ${spaceBetween}px) / ${slidesPerView} + ${drag}px), 0, 0)`,
    transition: moving && !reduceMotion ? `transform ${SPEED_MS}ms ease` : 'none',
  };

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      style={rootStyle}
      onKeyDown={onKeyDown}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: swipe is an extra gesture; the buttons do the same */}
      <div
        className="carousel-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onDragStart={(event) => event.preventDefault()}
        onClickCapture={(event) => {
          if (!swallowClick.current) return;
          swallowClick.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
      >
        <div
          className="carousel-track"
          style={trackStyle}
          onTransitionEnd={(event) => event.target === event.currentTarget && moving && settle()}
        >
          {ordered.map((slot, position) => {
            const index = slot % count;
            const item = items[index];
            const key = isValidElement(item) && item.key !== null ? item.key : index;
            const shown = position >= visibleFrom && position < visibleTo;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the APG carousel's slide is a group; a fieldset is for form controls
              <div
                key={`${key}:${Math.floor(slot / count)}`}
                className="carousel-slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}`}
                aria-hidden={!shown}
                inert={!shown}
              >
                {item}
              </div>
            );
          })}
        </div>
      </div>
      {loops && (
        <div className="carousel-nav">
          <button type="button" className="carousel-button" aria-label="Previous slide" onClick={() => go(-1)}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z" fill="currentColor" />
            </svg>
          </button>
          <button type="button" className="carousel-button" aria-label="Next slide" onClick={() => go(1)}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M8.6 5.4 10 4l8 8-8 8-1.4-1.4 6.6-6.6z" fill="currentColor" />
            </svg>
          </button>
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {loops ? `Showing slide ${(start % count) + 1} of ${count}` : ''}
      </p>
    </section>
  );
}
