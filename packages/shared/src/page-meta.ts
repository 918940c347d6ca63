import { messages } from './messages.js';

export interface PageMeta {
  /** The page's own title; empty means the site name alone. */
  title: string;
  description: string;
}

/**
 * Title and description of the public pages, read by the pages themselves and by the server, which
 * writes them into the HTML it sends so that search engines and link previews see them without JavaScript.
 */
export const pageMeta = {
  home: { title: 'Price Action, Futures and Options Courses', description: messages.bannerText },
  courses: {
    title: messages.allCourses,
    description:
      'Price action, futures, options and risk-management video courses for Indian markets, priced in rupees.',
  },
  memberships: { title: messages.membershipsTitle, description: messages.membershipsIntro },
  about: {
    title: 'About Us',
    description:
      'A small Gujarat-based team teaching rule-based price action, futures and options trading for Indian markets.',
  },
  contact: {
    title: 'Contact Us',
    description: 'Questions about a course, a payment or the trading software? Send us a message.',
  },
  terms: {
    title: messages.termsTitle,
    description: 'The terms that apply when you use our website and buy or watch our trading courses.',
  },
  refundPolicy: {
    title: messages.refundPolicyTitle,
    description: 'All course sales are final. Read the two cases in which we look into a refund.',
  },
  privacyPolicy: {
    title: messages.privacyPolicyTitle,
    description: 'What personal data we collect when you use our website and courses, why, and your choices.',
  },
} as const satisfies Record<string, PageMeta>;

/** `Title | Site`, or the site name alone for an empty title; the browser tab and the server agree on it. */
export function documentTitle(title: string, siteName: string): string {
  return title ? `${title} | ${siteName}` : siteName;
}
