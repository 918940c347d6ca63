import { messages } from '@shop/shared';
import { type CSSProperties, useRef } from 'react';
import { useLineDraw } from './use-line-draw';
import { useMouseParallax } from './use-mouse-parallax';

/** The original's seven parallax strength factors, one per decorative shape. */
const SHAPE_STRENGTHS = [20, 5, -10, 30, -50, -20, 40];
const UNDERLINED = '15 Minutes';

function UnderlinedTitle() {
  const pathRef = useRef<SVGPathElement>(null);
  const draw = useLineDraw(pathRef);
  const [before, after] = messages.aboutTitle.includes(UNDERLINED)
    ? messages.aboutTitle.split(UNDERLINED)
    : [`${messages.aboutTitle} `, ''];
  return (
    <h2 id="home-about-title" className="section-title about-title" onMouseEnter={draw}>
      {before}
      <span className="underlined">
        {messages.aboutTitle.includes(UNDERLINED) ? UNDERLINED : ''}
        <svg className="underline-svg" viewBox="0 0 200 14" preserveAspectRatio="none" aria-hidden="true">
          <path ref={pathRef} className="underline-path" d="M3 9 C 50 3, 120 3, 197 7" pathLength={1} />
        </svg>
      </span>
      {after}
    </h2>
  );
}

export function AboutBlock() {
  const onMouseMove = useMouseParallax();
  return (
    <section className="section about-block" aria-labelledby="home-about-title" onMouseMove={onMouseMove}>
      {SHAPE_STRENGTHS.map((strength, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of decorative shapes
          key={index}
          className={`about-shape about-shape-${index + 1}`}
          style={{ '--strength': strength } as CSSProperties}
          aria-hidden="true"
        />
      ))}
      <div className="container about-inner">
        <img
          className="about-art"
          src="/images/about-routine.svg"
          alt=""
          width="480"
          height="420"
          loading="lazy"
          decoding="async"
        />
        <div className="about-copy">
          <UnderlinedTitle />
          <p className="about-text">{messages.aboutText}</p>
          <ul className="selling-points">
            {messages.sellingPoints.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
