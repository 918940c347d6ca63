import { documentTitle } from '@shop/shared';
import { useEffect } from 'react';
import { siteConfig } from '../../lib/site-config';

function setMeta(selector: string, attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/** Sets the page's title and description (and Open Graph tags) for the current route. */
export function useDocumentMeta(title: string, description?: string, image?: string): void {
  useEffect(() => {
    const full = documentTitle(title, siteConfig.siteName);
    document.title = full;
    setMeta('meta[property="og:title"]', 'property', 'og:title', full);
    if (description) {
      setMeta('meta[name="description"]', 'name', 'description', description);
      setMeta('meta[property="og:description"]', 'property', 'og:description', description);
    }
    if (image)
      setMeta('meta[property="og:image"]', 'property', 'og:image', new URL(image, window.location.origin).href);
  }, [title, description, image]);
}
