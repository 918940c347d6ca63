import { type HomeFigures, messages } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../components/ui/use-reduced-motion';
import { useGetHomeFiguresQuery } from './api';

/** Set once the numbers have counted up; later visits show them at once. */
const COUNTED_KEY = 'countedBefore';
const DURATION_MS = 2000;

interface Stat {
  label: string;
  value: number;
  suffix: string;
}

/** The specification's figures: what the strip shows unless the operator switched on live ones. */
const specFigures: Stat[] = [
  { label: messages.statActiveCourses, value: 10, suffix: '+' },
  { label: messages.statSoldCourses, value: 92, suffix: '+' },
  { label: messages.statActiveUsers, value: 100, suffix: '+' },
  { label: messages.statAchieved, value: 34, suffix: '' },
];

/** The shop's own figures (issue 32): published courses, courses sold, learners, certificates issued. */
const liveFigures = (figures: HomeFigures): Stat[] => [
  { label: messages.statActiveCourses, value: figures.courses, suffix: '' },
  { label: messages.statSoldCourses, value: figures.sold, suffix: '' },
  { label: messages.statActiveUsers, value: figures.learners, suffix: '' },
  { label: messages.statAchieved, value: figures.certificates, suffix: '' },
];

/** Which figures to show; null until the shop has said (so a live strip never flashes the others first). */
function useStats(): Stat[] | null {
  const { data, isError } = useGetHomeFiguresQuery();
  if (data?.live && data.figures) return liveFigures(data.figures);
  return data || isError ? specFigures : null;
}

const format = (value: number, target: number) => value.toFixed(Number.isInteger(target) ? 0 : 1);

function hasCounted(): boolean {
  try {
    return localStorage.getItem(COUNTED_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberCounted(): void {
  try {
    localStorage.setItem(COUNTED_KEY, 'true');
  } catch {
    // Storage may be blocked; the numbers then count up again next time, which is harmless.
  }
}

/** Ease-out exponential, as the count-up the original used: fast at first, settling on the target. */
const easeOutExpo = (t: number) => (t >= 1 ? 1 : 1 - 2 ** (-10 * t));

/**
 * The statistics strip. The numbers count up over 2 seconds the first time the strip scrolls into view,
 * then never again (a flag in local storage). With reduced motion they show their values at once. The
 * console chooses the figures: the specification's (the default) or the shop's own.
 */
export function StatsStrip() {
  const listRef = useRef<HTMLUListElement>(null);
  const [animates] = useState(() => !hasCounted() && !prefersReducedMotion());
  const stats = useStats();
  const ready = stats !== null;

  useEffect(() => {
    const list = listRef.current;
    if (!list || !animates || !ready) return;
    const numbers = [...list.querySelectorAll<HTMLElement>('[data-target]')];
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        rememberCounted();
        let startedAt: number | undefined;
        const tick = (now: number) => {
          // Frame timestamps can precede this callback, so the clock starts at the first frame.
          startedAt ??= now;
          const progress = easeOutExpo(Math.min(1, (now - startedAt) / DURATION_MS));
          for (const number of numbers) {
            const target = Number(number.dataset.target);
            number.textContent = format(target * progress, target);
          }
          if (progress < 1) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: 0.5 },
    );
    observer.observe(list);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [animates, ready]);

  return (
    <section className="stats-strip" aria-label="Our numbers">
      <ul ref={listRef} className="container stats-list" aria-busy={!ready || undefined}>
        {(stats ?? specFigures).map((stat) => (
          <li key={stat.label} className="stat">
            {/* Until the shop has said which figures it shows, the value stays empty (no number flashes). */}
            <span className="stat-value">
              {ready && (
                <>
                  {/* The visible number counts; assistive technology reads the final value once. */}
                  <span className="stat-number" data-target={stat.value} aria-hidden="true">
                    {animates ? format(0, stat.value) : format(stat.value, stat.value)}
                  </span>
                  <span aria-hidden="true">{stat.suffix}</span>
                  <span className="visually-hidden">{`${stat.value}${stat.suffix}`}</span>
                </>
              )}
            </span>
            <span className="stat-label">{stat.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
