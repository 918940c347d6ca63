import { PDFParse } from 'pdf-parse';

/** A PDF's text as a reader sees it, runs of white space made one space. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** The images a PDF draws, page after page. */
export async function pdfImages(pdf: Buffer | Uint8Array) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getImage({ imageBuffer: false, imageDataUrl: false })).pages.flatMap((page) => page.images);
  } finally {
    await parser.destroy();
  }
}

/** The PDF parts of a raw MIME message (nodemailer writes them base64), with their file names. */
export function pdfAttachments(raw: string): { filename: string; pdf: Buffer }[] {
  const found: { filename: string; pdf: Buffer }[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const [head = '', ...body] = part.split(/\r?\n\r?\n/);
    if (!/Content-Type: application\/pdf/i.test(head)) continue;
    const filename = /filename="?([^";\r\n]+)"?/i.exec(head.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '';
    found.push({ filename, pdf: Buffer.from(body.join('').replace(/\s+/g, ''), 'base64') });
  }
  return found;
}
