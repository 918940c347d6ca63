import { renderDocumentPdf } from './render-document-pdf.js';
import type { TaxDocumentData } from './tax-document.js';
import { loadSignature } from './tax-settings-signature.js';

/** An issued document's PDF from its frozen data and the signature image it names, if any. */
export async function renderStoredDocument(dataDir: string, data: TaxDocumentData): Promise<Buffer> {
  const signature = data.supplier.signature ? await loadSignature(dataDir, data.supplier.signature) : undefined;
  return renderDocumentPdf(data, signature);
}

/**
 * The last PDFs rendered, by document number. An issued document never changes and renders to the same
 * bytes, so the buyer's download after the mail pass attached it (or a repeat download) costs no CPU.
 */
const rendered = new Map<string, Buffer>();
const RENDERED_KEPT = 200;

export interface DocumentFile {
  fileName: string;
  pdf: Buffer;
}

/** An issued document's file (name and PDF), for the download and the mail attachment alike. */
export async function issuedDocumentFile(
  dataDir: string,
  row: { number: string; data: string },
): Promise<DocumentFile> {
  let pdf = rendered.get(row.number);
  if (!pdf) {
    pdf = await renderStoredDocument(dataDir, JSON.parse(row.data) as TaxDocumentData);
    if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value ?? '');
    rendered.set(row.number, pdf);
  }
  return { fileName: `${row.number.replaceAll('/', '-')}.pdf`, pdf };
}
