import { type ReactNode, useId, useState } from 'react';
import { useHydrated } from './use-hydrated';
import './faq-accordion.css';

export interface FaqItem {
  id: string;
  question: string;
  answer: ReactNode;
}

interface FaqAccordionProps {
  items: FaqItem[];
  /** The item open at first; none when omitted. */
  initiallyOpen?: string | null;
}

/**
 * Questions as buttons; opening one closes the others, and clicking the open one closes it. A page
 * drawn by the server shows them disabled until its script has taken over, so an early click waits
 * instead of being lost.
 */
export function FaqAccordion({ items, initiallyOpen = null }: FaqAccordionProps) {
  const [open, setOpen] = useState<string | null>(initiallyOpen);
  const hydrated = useHydrated();
  const baseId = useId();
  return (
    <div className="faq">
      {items.map((item) => {
        const isOpen = open === item.id;
        const buttonId = `${baseId}-${item.id}-q`;
        const panelId = `${baseId}-${item.id}-a`;
        return (
          <div key={item.id} className={`faq-item${isOpen ? ' is-open' : ''}`}>
            <h3 className="faq-question">
              <button
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                disabled={!hydrated}
                onClick={() => setOpen(isOpen ? null : item.id)}
              >
                <span>{item.question}</span>
                <span className="faq-icon" aria-hidden="true" />
              </button>
            </h3>
            {/* inert keeps a closed answer out of the tab order and the accessibility tree while it animates shut */}
            <section id={panelId} className="faq-answer" aria-labelledby={buttonId} inert={!isOpen}>
              <div className="faq-answer-inner">{item.answer}</div>
            </section>
          </div>
        );
      })}
    </div>
  );
}
