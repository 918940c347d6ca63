/**
 * Most lessons' text is a sentence or a few paragraphs with nothing Markdown would change. Those are
 * shown as paragraphs at once, without loading the Markdown renderer (marked and DOMPurify, 82 KB that a
 * budget phone spends a long task evaluating); anything that might be Markdown goes through it.
 */
const plainCharacters = /^[\p{L}\p{M}\p{N}\p{Zs}\n.,;:'"?()%/₹$’‘“”–—-]*$/u;
const markdownLines = [
  /^ {4}|^\t/m, // an indented code block
  /^\s*-(\s|$)/m, // a bullet list, or a setext underline
  /^\s*-+\s*$/m, // a setext underline or a rule
  /^[ \t:]*-[ \t:-]*$/m, // a table's delimiter row (`:-`, `-:`, `:-:`): GFM makes the line above a table
  /^\s*\d+[.)](\s|$)/m, // a numbered list
  / {2,}\n/, // a hard line break
  /www\.|https?:/i, // an autolink
];

/** The text's paragraphs when Markdown would render it as exactly those; `null` when it needs the renderer. */
export function plainParagraphs(text: string): string[] | null {
  if (!plainCharacters.test(text) || markdownLines.some((rule) => rule.test(text))) return null;
  return text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}
