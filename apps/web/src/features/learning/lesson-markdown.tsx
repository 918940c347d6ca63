import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo } from 'react';

/**
 * A lesson's Markdown text as HTML: parsed by marked, then cleaned by DOMPurify, so whatever an
 * operator (or an attacker with an operator's account) writes, no script, handler or javascript:
 * link reaches the page. Links open in a new tab without handing over the opener.
 */
export function LessonMarkdown({ text }: { text: string }) {
  const html = useMemo(() => {
    const raw = marked.parse(text, { async: false, gfm: true, breaks: false });
    const clean = DOMPurify.sanitize(raw, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'iframe'] });
    const holder = document.createElement('div');
    holder.innerHTML = clean;
    for (const link of holder.querySelectorAll('a[href]')) {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
    }
    return holder.innerHTML;
  }, [text]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
  return <div className="lesson-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
