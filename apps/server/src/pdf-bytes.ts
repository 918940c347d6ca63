/**
 * The bytes a pdfkit document streams out, whole once it ends. Called right after the document is made,
 * before anything is drawn, so no chunk is missed; the caller draws, calls `end()` and awaits this.
 */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
