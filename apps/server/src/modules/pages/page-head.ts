import { documentTitle, messages, objectId, pageHeadOf, pageMeta } from '@shop/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { escapeHtml } from '../../html.js';
import { findCourseRow } from '../courses/index.js';

export interface PageHead {
  status: 200 | 404;
  title: string;
  description: string;
  /** Absolute URL of the page; no canonical link or og:url for a 404. */
  url: string | null;
  image: string | null;
  /** The page's largest image, fetched with the HTML instead of after the JavaScript has run. */
  preload: string | null;
}

const HERO_IMAGE = '/images/hero-chart.svg';

async function firstCourseThumb(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('courses')
    .select('thumb')
    .where('published', '=', 1)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .executeTakeFirst();
  return row?.thumb ?? null;
}

/** The course page's id: its head reads the course (shared's page table marks the page). */
const COURSE_ID = /([^/]+)$/;
const DESCRIPTION_LENGTH = 160;

function summarise(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_LENGTH ? flat : `${flat.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

function absolute(config: Config, href: string): string {
  return /^https?:\/\//i.test(href) ? href : `${config.publicUrl}${href.startsWith('/') ? '' : '/'}${href}`;
}

/**
 * The title, description and preview image of the page at `pathname`. A course page reads the course on
 * every request (it may have changed a moment ago); an unknown or withdrawn course answers 404.
 */
export async function resolvePageHead(
  db: Db,
  config: Config,
  pathname: string,
  isClientRoute: boolean,
): Promise<PageHead> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = pageHeadOf(path);
  const base = { status: 200 as const, url: absolute(config, path), image: null, preload: null };
  if (page && page !== 'course') {
    return {
      ...base,
      title: documentTitle(page.title, config.siteName),
      description: page.description,
      preload: page === pageMeta.home ? HERO_IMAGE : page === pageMeta.courses ? await firstCourseThumb(db) : null,
    };
  }

  if (page === 'course') {
    const courseId = COURSE_ID.exec(path)?.[1] ?? '';
    const row = objectId.safeParse(courseId).success ? await findCourseRow(db, courseId) : undefined;
    if (row?.published === 1) {
      const about = row.course_description || row.description || `${row.title}, by ${row.instructor}.`;
      return {
        ...base,
        title: documentTitle(row.title, config.siteName),
        description: summarise(about),
        image: row.thumb ? absolute(config, row.thumb) : null,
        preload: row.thumb || null,
      };
    }
    return notFound(config, messages.courseNotFound);
  }
  if (!isClientRoute) return notFound(config, 'Page not found');
  return { ...base, title: documentTitle('', config.siteName), description: pageMeta.home.description };
}

function notFound(config: Config, title: string): PageHead {
  return {
    status: 404,
    title: documentTitle(title, config.siteName),
    description: pageMeta.home.description,
    url: null,
    image: null,
    preload: null,
  };
}

/** The head tags of one page, every value escaped; Open Graph and Twitter tags give link previews their text. */
export function renderHeadTags(head: PageHead, config: Config): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('property', 'og:site_name', config.siteName),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
  ];
  if (head.url) {
    tags.push(meta('property', 'og:url', head.url), `<link rel="canonical" href="${escapeHtml(head.url)}" />`);
  }
  if (head.image) tags.push(meta('property', 'og:image', head.image));
  if (head.preload)
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(head.preload)}" fetchpriority="high" />`);
  return tags.join('\n');
}
