import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { renderCertificatePdf } from './render-certificate-pdf.js';
import { findCertificate, findReplacementOf } from './repo.js';

/** The public verification page of a certificate. */
export function certificateUrl(config: Pick<Config, 'publicUrl'>, id: string): string {
  return `${config.publicUrl}/certificates/${id}`;
}

/**
 * The last PDFs rendered, by certificate id. What a certificate prints never changes and renders to the
 * same bytes, so the learner's download after the mail pass attached it (or a repeat) costs no CPU.
 */
const rendered = new Map<string, Buffer>();
const RENDERED_KEPT = 200;

export interface CertificateFile {
  fileName: string;
  pdf: Buffer;
}

type CertificateRow = NonNullable<Awaited<ReturnType<typeof findCertificate>>>;

/** An issued certificate's file (name and PDF), for the download and the mail attachment alike. */
export async function certificateFile(
  config: Pick<Config, 'publicUrl' | 'siteName'>,
  row: CertificateRow,
): Promise<CertificateFile> {
  let pdf = rendered.get(row.id);
  if (!pdf) {
    pdf = await renderCertificatePdf({
      id: row.id,
      name: row.printed_name,
      courseTitle: row.course_title,
      instructor: row.instructor,
      completedAt: row.completed_at,
      verifyUrl: certificateUrl(config, row.id),
      siteName: config.siteName,
    });
    if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value ?? '');
    rendered.set(row.id, pdf);
  }
  return { fileName: `certificate-${row.id}.pdf`, pdf };
}

/** The PDF a queued certificate mail names, rendered by the mail pass as it sends. */
export async function renderCertificateAttachment(db: Db, config: Config, certificateId: string) {
  // A certificate re-issued before its first mail went out: the mail carries the current one.
  const row = (await findCertificate(db, certificateId)) ?? (await findReplacementOf(db, certificateId));
  if (!row) throw new Error(`no certificate ${certificateId}`);
  const file = await certificateFile(config, row);
  return { filename: file.fileName, content: file.pdf, contentType: 'application/pdf' };
}
