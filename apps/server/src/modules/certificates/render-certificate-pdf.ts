/// <reference path="../billing/fontkit.d.ts" />
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create as openFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../pdf-bytes.js';

const require = createRequire(import.meta.url);
// Fonts come from npm so every machine renders the same file. DejaVu Sans (as on invoices) has the rupee
// sign; Noto Sans Devanagari shapes Devanagari (conjuncts, reph, vowel signs) through fontkit's Indic
// shaper and also carries Latin and the rupee sign, so a line with any Devanagari is set in it whole.
const dejavu = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const noto = path.dirname(require.resolve('@expo-google-fonts/noto-sans-devanagari/package.json'));
// The ES module pdfkit imports too (see billing/render-document-pdf.ts): one copy of fontkit in memory.
type FontName = 'regular' | 'bold' | 'devanagari' | 'devanagari-bold';
let fonts: Record<FontName, PDFKit.Mixins.PDFFontSource> | undefined;
// Opening a font decodes its tables, most of a render's cost: each is opened once and shared.
const loadFonts = () => {
  fonts ??= {
    regular: openFont(fs.readFileSync(path.join(dejavu, 'DejaVuSans.ttf'))),
    bold: openFont(fs.readFileSync(path.join(dejavu, 'DejaVuSans-Bold.ttf'))),
    devanagari: openFont(fs.readFileSync(path.join(noto, '400Regular', 'NotoSansDevanagari_400Regular.ttf'))),
    'devanagari-bold': openFont(fs.readFileSync(path.join(noto, '700Bold', 'NotoSansDevanagari_700Bold.ttf'))),
  };
  return fonts;
};

const DEVANAGARI = /[\u0900-\u097f\ua8e0-\ua8ff]/;

/** The font a line is set in: the Devanagari one when the line has any Devanagari letter. */
export function fontFor(text: string, weight: 'regular' | 'bold'): FontName {
  if (!DEVANAGARI.test(text)) return weight;
  return weight === 'bold' ? 'devanagari-bold' : 'devanagari';
}

export interface CertificateData {
  id: string;
  name: string;
  courseTitle: string;
  instructor: string;
  completedAt: string;
  verifyUrl: string;
  siteName: string;
}

/** '22 November 2026': the completion's day in India, where the shop is. */
export function completionDate(iso: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));
}

/**
 * A certificate's PDF (A4 landscape) from its frozen data alone: the same certificate gives the same
 * bytes (the creation date is the completion's), so a rendered copy can be kept and served again.
 */
export function renderCertificatePdf(data: CertificateData): Promise<Buffer> {
  const completed = new Date(data.completedAt);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 50,
    info: {
      Title: `Certificate ${data.id}`,
      Author: data.siteName,
      Subject: `Certificate of completion: ${data.courseTitle}`,
      Producer: `${data.siteName} certificates`,
      Creator: `${data.siteName} certificates`,
      CreationDate: completed,
      ModDate: completed,
    },
  });
  const done = pdfBytes(doc);
  for (const [name, font] of Object.entries(loadFonts())) doc.registerFont(name, font);

  const width = doc.page.width;
  const height = doc.page.height;
  doc
    .rect(24, 24, width - 48, height - 48)
    .lineWidth(3)
    .stroke('#1f4e79');
  doc
    .rect(32, 32, width - 64, height - 64)
    .lineWidth(0.75)
    .stroke('#1f4e79');

  const line = (text: string, size: number, weight: 'regular' | 'bold', color = '#222222', gap = 0.6) => {
    const font = fontFor(text, weight);
    // Shaped Devanagari is drawn in visual order (the reph after its cluster): ActualText gives readers
    // that copy or search the PDF the name as it was typed.
    if (font !== weight) doc.markContent('Span', { actual: text, lang: 'hi' });
    doc.font(font).fontSize(size).fillColor(color);
    doc.text(text, 60, undefined, { width: width - 120, align: 'center' });
    if (font !== weight) doc.endMarkedContent();
    doc.moveDown(gap);
  };
  doc.y = 80;
  line(data.siteName, 14, 'bold', '#1f4e79', 1);
  line('Certificate of Completion', 30, 'bold', '#1f4e79', 1);
  line('This certifies that', 13, 'regular');
  line(data.name, 28, 'bold', '#111111', 0.6);
  line('has completed the course', 13, 'regular');
  line(data.courseTitle, 20, 'bold', '#111111', 0.8);
  line(`Instructor: ${data.instructor}`, 12, 'regular');
  line(`Completed on ${completionDate(data.completedAt)}`, 12, 'regular', '#222222', 2);
  line(`Certificate id: ${data.id}`, 10, 'regular', '#444444', 0.3);
  line(`Verify at ${data.verifyUrl}`, 10, 'regular', '#444444');
  doc.end();
  return done;
}

/**
 * Renders one throwaway certificate (Devanagari and Latin, both weights) so that the fonts are open and
 * the layout code is compiled before a learner asks: the first render in a process otherwise costs
 * several times a later one (bench: "certificate PDFs"). The server calls it once it is listening.
 */
export async function warmCertificateRenderer(): Promise<void> {
  await renderCertificatePdf({
    id: 'warmupwarmupwarm',
    name: 'अर्जुन Sharma',
    courseTitle: 'Warm-up ₹',
    instructor: 'अर्जुन',
    completedAt: new Date(0).toISOString(),
    verifyUrl: 'https://shop.example/certificates/warmupwarmupwarm',
    siteName: 'TradeSkool',
  });
}
