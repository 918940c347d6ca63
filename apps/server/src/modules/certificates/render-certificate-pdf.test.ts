import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf.js';
import { fontFor, renderCertificatePdf } from './render-certificate-pdf.js';

const data = {
  id: 'abcdefghijklmnop',
  name: 'अर्जुन शर्मा',
  courseTitle: 'Options Trading for ₹10,000 Accounts',
  instructor: 'Meera Iyer',
  completedAt: '2026-11-22T20:15:00.000Z',
  verifyUrl: 'https://shop.example/certificates/abcdefghijklmnop',
  siteName: 'TradeSkool',
};

/** The names of the fonts a PDF embeds (pdfkit subsets each: 'ABCDEF+Name'). */
function embeddedFonts(pdf: Buffer): string[] {
  return [...pdf.toString('latin1').matchAll(/\/FontName \/[A-Z]{6}\+([A-Za-z0-9-]+)/g)].map((match) => match[1] ?? '');
}

/** The page content a PDF draws, its compressed streams inflated. */
function contentStreams(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      parts.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream (or a font program): nothing to read here.
    }
  }
  return parts.join('\n');
}

/** The texts of the ActualText entries in a PDF's content: literal UTF-16BE strings, escapes undone. */
function actualTexts(content: string): string[] {
  const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
  return [...content.matchAll(/\/ActualText \(((?:\\.|[^\\)])*)\)/gs)].map((match) => {
    const bytes = (match[1] ?? '').replace(/\\([0-7]{1,3}|.)/gs, (_, escaped: string) =>
      /^[0-7]+$/.test(escaped) ? String.fromCharCode(Number.parseInt(escaped, 8)) : (escapes[escaped] ?? escaped),
    );
    return Buffer.from(bytes, 'latin1').subarray(2).swap16().toString('utf16le');
  });
}

describe('renderCertificatePdf', () => {
  it('prints who completed which course, when, by whom taught, its id and where to verify it', async () => {
    const text = await pdfText(await renderCertificatePdf({ ...data, name: 'Asha Patel' }));
    expect(text).toContain('Certificate of Completion');
    expect(text).toContain('Asha Patel');
    expect(text).toContain('Options Trading for ₹10,000 Accounts');
    expect(text).toContain('Instructor: Meera Iyer');
    // 20:15 UTC is already the 23rd in India.
    expect(text).toContain('Completed on 23 November 2026');
    expect(text).toContain('Certificate id: abcdefghijklmnop');
    expect(text).toContain('Verify at https://shop.example/certificates/abcdefghijklmnop');
  });

  it('sets a Devanagari name in an embedded Devanagari font, shaped (conjuncts and reph) with no missing glyph', async () => {
    const pdf = await renderCertificatePdf(data);
    expect(embeddedFonts(pdf)).toEqual(expect.arrayContaining(['NotoSansDevanagari-Bold', 'DejaVuSans']));
    expect(fontFor(data.name, 'bold')).toBe('devanagari-bold');
    // The glyphs pdfkit draws are fontkit's layout of the name in that font: none is .notdef (id 0), and the
    // reph (र्) and the conjuncts are single shaped glyphs, so there are fewer glyphs than code points.
    const require = createRequire(import.meta.url);
    const fontkit = require('fontkit') as {
      openSync(file: string): { layout(text: string): { glyphs: { id: number; name: string }[] } };
    };
    const fontFile = require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf');
    const glyphs = fontkit.openSync(fontFile).layout(data.name).glyphs;
    expect(glyphs.filter((glyph) => glyph.id === 0)).toEqual([]);
    expect(glyphs.length).toBeLessThan([...data.name].length);
    // The text layer maps each shaped glyph back to its letters, in drawing order (the reph after its
    // cluster); the line carries the name as typed in ActualText for readers that copy or search it.
    const text = await pdfText(pdf);
    const letters = (value: string) => [...value.replace(/\s/g, '')].sort().join('');
    expect(text).toContain('This certifies that');
    const drawn = text.split('This certifies that ')[1]?.split(' has completed')[0] ?? '';
    expect(letters(drawn)).toBe(letters(data.name));
    expect(actualTexts(contentStreams(pdf))).toEqual([data.name]);
    expect(text).toContain('₹10,000');
  });

  it('gives the same bytes for the same certificate, so a rendered copy can be kept', async () => {
    expect((await renderCertificatePdf(data)).equals(await renderCertificatePdf(data))).toBe(true);
  });
});
