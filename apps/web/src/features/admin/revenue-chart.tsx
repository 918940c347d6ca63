import { formatPaise } from '@shop/shared';
import { formatDay } from './format-date';

const WIDTH = 600;
const HEIGHT = 200;
const AXIS = 20;

/** Paid revenue per day as bars; the table beside it carries the same numbers for screen readers. */
export function RevenueChart({ days }: { days: { day: string; paise: number }[] }) {
  const max = Math.max(1, ...days.map((d) => d.paise));
  const slot = WIDTH / Math.max(1, days.length);
  return (
    <figure className="admin-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} role="img" aria-labelledby="revenue-chart-title">
        <title id="revenue-chart-title">
          Revenue per day, last {days.length} days; highest {formatPaise(max)}
        </title>
        <line x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="admin-chart-axis" />
        {days.map((d, i) => {
          const height = (d.paise / max) * (HEIGHT - 10);
          return (
            <rect
              key={d.day}
              x={i * slot + slot * 0.15}
              y={HEIGHT - height}
              width={slot * 0.7}
              height={height}
              className="admin-chart-bar"
            >
              <title>{`${formatDay(d.day)}: ${formatPaise(d.paise)}`}</title>
            </rect>
          );
        })}
        {days
          .filter((_, i) => (i % 7 === 0 && i < days.length - 4) || i === days.length - 1)
          .map((d) => {
            const i = days.indexOf(d);
            return (
              <text
                key={d.day}
                x={i * slot + slot / 2}
                y={HEIGHT + 15}
                textAnchor="middle"
                className="admin-chart-label"
              >
                {formatDay(d.day)}
              </text>
            );
          })}
      </svg>
      <figcaption>Highest day: {formatPaise(max === 1 ? 0 : max)}</figcaption>
    </figure>
  );
}
