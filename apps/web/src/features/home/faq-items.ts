import type { FaqItem } from '../../components/ui/faq-accordion';
import { siteConfig } from '../../lib/site-config';

const site = siteConfig.siteName;

/** The five questions of the home and about pages (spec section 2). */
export const faqItems: FaqItem[] = [
  {
    id: 'offer',
    question: `What does ${site} offer?`,
    answer: `Video courses on trading Indian stock markets: a rule-based price action system, futures and options, risk management and trading psychology, from first steps to advanced strategy. We also offer trading software for futures and options traders on Windows, with training on how to use it well.`,
  },
  {
    id: 'why',
    question: `Why should I choose ${site}?`,
    answer: `Our method is objective and mechanical: clear rules for entry, exit and position size, built on basic maths instead of tips or predictions, and designed to need about 15 minutes a day. Courses are priced in rupees, paid once, and yours to rewatch. Trading carries a risk of loss; we teach a method and do not give investment advice.`,
  },
  {
    id: 'software',
    question: 'How does the trading software work?',
    answer: `It connects to real-time data feeds for futures and options, watches the instruments you pick and raises custom alerts the moment your conditions are met, so you do not have to sit in front of charts all day. You can also build automated strategies from the same rules, test them on past data first, and decide yourself whether they only alert you or also place orders through your broker.`,
  },
  {
    id: 'windows',
    question: 'Is the software compatible with Windows?',
    answer: `Yes. The software is made for Windows PCs and laptops running Windows 10 or later. You need a stable internet connection for live data. There is no Mac or mobile version at present.`,
  },
  {
    id: 'training',
    question: 'What training do you offer?',
    answer: `Step-by-step courses for beginners who have never placed a trade, and deeper modules on options, futures and system building for experienced traders. Software buyers also get tutorials on setting it up, reading its alerts and building their own strategies, and our support team answers questions by e-mail.`,
  },
];
