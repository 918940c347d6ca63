/**
 * Names printed on documents (a certificate's name, an invoice's billing name and business name) are
 * one line of ordinary text: a line break, a tab or another control character would start a new line
 * on a PDF the shop signs, and a bidirectional override or a zero-width character makes a name read
 * differently from what it is ("Warren Buffett \u202Eredro"). Both flavours of the contracts call
 * these two functions, so the rule is written once.
 */

// C0 and C1 controls (tab, CR and LF included); the bidi embeddings, overrides and isolates (U+202A–E,
// U+2066–9) and marks (U+200E/F, U+061C); zero-width space, joiners and the word joiner family
// (U+200B–D, U+2060–4); the BOM (U+FEFF) and the soft hyphen (U+00AD), which hide between letters.
const HIDDEN_OR_CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

/** The name as it is stored and printed: NFC-normalised, with the ends trimmed. */
export function normalisePersonName(name: string): string {
  return name.normalize('NFC').trim();
}

/** True when the name may be printed: one line, no control, bidi or zero-width characters. */
export function isPrintableName(name: string): boolean {
  return !HIDDEN_OR_CONTROL.test(name);
}
