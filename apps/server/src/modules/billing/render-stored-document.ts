import { renderDocumentPdf } from './render-document-pdf.js';
import type { TaxDocumentData } from './tax-document.js';
import { loadSignature } from './tax-settings-signature.js';

/** An issued document's PDF from its frozen data and the signature image it names, if any. */
export async function renderStoredDocument(dataDir: string, data: TaxDocumentData): Promise<Buffer> {
  const signature = data.supplier.signature ? await loadSignature(dataDir, data.supplier.signature) : undefined;
  return renderDocumentPdf(data, signature);
}

/**
 * The last PDFs rendered, by shop (its data folder) and document number. An issued document never
 * changes and renders to the same bytes, so the buyer's download after the mail pass attached it (or a
 * repeat download) costs no CPU. The data folder is in the key because a number is unique only within
 * one shop: two shops in one process (the tests run many) each have their TS/26-27/000001.
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
  const key = `${dataDir}\n${row.number}`;
  let pdf = rendered.get(key);
  if (!pdf) {
    pdf = await renderStoredDocument(dataDir, JSON.parse(row.data) as TaxDocumentData);
    if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value ?? '');
    rendered.set(key, pdf);
  }
  return { fileName: `${row.number.replaceAll('/', '-')}.pdf`, pdf };
}
