import fc from 'fast-check';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { plainParagraphs } from './plain-text';

/** What marked renders, as the text of each paragraph, or null when it makes anything but paragraphs. */
function markedParagraphs(text: string): string[] | null {
  const html = marked.parse(text, { async: false, gfm: true, breaks: false }).trim();
  if (html === '') return [];
  const blocks = html.split(/\n(?=<)/);
  const paragraphs: string[] = [];
  for (const block of blocks) {
    const match = /^<p>([\s\S]*)<\/p>$/.exec(block.trim());
    if (!match || /<[a-z/]/i.test(match[1] ?? '')) return null;
    const decoded = (match[1] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    // Markdown folds the spaces around a soft line break; the browser does the same with ours.
    paragraphs.push(decoded.replace(/[ \t]*\n[ \t]*/g, '\n').trim());
  }
  return paragraphs;
}

const normalise = (paragraphs: string[]) => paragraphs.map((p) => p.replace(/[ \t]*\n[ \t]*/g, '\n'));

describe('plainParagraphs', () => {
  it('takes the seeded lessons and ordinary prose as they are', () => {
    expect(plainParagraphs('How indicators lag and what price alone can tell you.')).toEqual([
      'How indicators lag and what price alone can tell you.',
    ]);
    expect(plainParagraphs('First paragraph: 5% risk.\n\nSecond one, in “quotes” (₹500).')).toEqual([
      'First paragraph: 5% risk.',
      'Second one, in “quotes” (₹500).',
    ]);
  });

  it('leaves to the Markdown renderer anything it would change', () => {
    for (const text of [
      'Use **bold**',
      '# Heading',
      '- a list',
      '1. first',
      'Title\n---',
      'a\n:-',
      'Price\n-:',
      'Price\n:-:',
      '    code',
      'see https://example.com',
      'www.example.com',
      'a <b>tag</b>',
      'line  \nbreak',
      'an & entity',
      'a `code` span',
      '[link](x)',
    ]) {
      expect(plainParagraphs(text), text).toBeNull();
    }
  });

  it('whenever it takes a text, Markdown would have rendered exactly those paragraphs', () => {
    const alphabet = fc.constantFrom(
      ...'abcXYZ019 .,;:\'"?()%/₹$-–—'.split(''),
      '\n',
      '\n\n',
      '  ',
      'www.',
      'http:',
      '    ',
      '1.',
      '- ',
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 40 }).map((parts) => parts.join('')),
        (text) => {
          const ours = plainParagraphs(text);
          if (ours === null) return;
          const theirs = markedParagraphs(text);
          expect(theirs, JSON.stringify(text)).not.toBeNull();
          expect(normalise(ours), JSON.stringify(text)).toEqual(theirs);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
