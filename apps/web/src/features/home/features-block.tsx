import { messages } from '@shop/shared';
import type { ReactNode } from 'react';
import './features-block.css';

interface Tile {
  title: string;
  text: string;
  icon: ReactNode;
}

const path = (d: string) => (
  <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true">
    <path d={d} fill="currentColor" />
  </svg>
);

const tiles: Tile[] = [
  {
    title: 'Rules, Not Guesswork',
    text: 'A price action method with written rules for every entry, exit and stop-loss.',
    icon: path('M4 4h16v2H4zm0 5h10v2H4zm0 5h16v2H4zm0 5h10v2H4zm14.3-9.7 1.4-1.4 2.3 2.3-1.4 1.4z'),
  },
  {
    title: '15 Minutes a Day',
    text: 'Short, focused lessons and a daily routine that fits around your job.',
    icon: path(
      'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm1 3v5.4l3.6 2.2-1 1.7L11 13.6V7z',
    ),
  },
  {
    title: 'Real Indian Charts',
    text: 'Every lesson works through NSE stocks, index futures and options you can follow.',
    icon: path('M3 3h2v16h16v2H3zm4 10 4-4 3 3 5-6 1.5 1.3-6.4 7.6-3.1-3.1L8.4 14.4z'),
  },
  {
    title: 'Watch and Download',
    text: 'Stream each lesson or download course files to study offline, on any device.',
    icon: path('M11 3h2v9.2l3.6-3.6L18 10l-6 6-6-6 1.4-1.4 3.6 3.6zM4 18h16v2H4z'),
  },
];

/** 'Start your Learning Journey Today!' and its four tiles, on the home and about pages. */
export function FeaturesBlock() {
  return (
    <section className="section features-block" aria-labelledby="features-title">
      <div className="container">
        <h2 id="features-title" className="section-title features-title">
          {messages.learningJourneyTitle}
        </h2>
        <ul className="features-grid">
          {tiles.map((tile) => (
            <li key={tile.title} className="feature-tile">
              <span className="feature-icon">{tile.icon}</span>
              <h3>{tile.title}</h3>
              <p>{tile.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
