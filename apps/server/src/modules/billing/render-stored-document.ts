import { renderDocumentPdf } from './render-document-pdf.js';
import type { TaxDocumentData } from './tax-document.js';
import { loadSignature } from './tax-settings-signature.js';

/** An issued document's PDF from its frozen data and the signature image it names, if any. */
export async function renderStoredDocument(dataDir: string, data: TaxDocumentData): Promise<Buffer> {
  const signature = data.supplier.signature ? await loadSignature(dataDir, data.supplier.signature) : undefined;
  return renderDocumentPdf(data, signature);
}
