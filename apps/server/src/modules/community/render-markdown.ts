import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * A post's Markdown, rendered once on the server when it is written (issue 36): markdown-it with raw HTML
 * off (a `<script>` in a body is shown as text), no images (attachments come as files, never a remote
 * address that tracks the reader), links only to http, https and mailto addresses (markdown-it's own
 * check already refuses javascript:, vbscript:, file: and data:), then sanitize-html over the result as a
 * second wall: only the tags Markdown makes, no attribute but a link's href and a code block's language
 * class, and every link `rel="nofollow ugc noopener"` opening in a new tab.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false }).disable(['image']);

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel', 'target'], code: ['class'], ol: ['start'] },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'nofollow ugc noopener', target: '_blank' },
    }),
  },
};

export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), SANITIZE).trim();
}

/** Whether the body links anywhere (a new member's first-day links are held for review). */
export function hasLink(source: string): boolean {
  return /<a\s/i.test(markdown.render(source)) || /\b(https?:\/\/|www\.)\S/i.test(source);
}
