import * as z from 'zod/mini';
import { messages } from '../messages.js';
import { isPrintableName, normalisePersonName } from '../person-name.js';

export const CERTIFICATE_NAME_MAX = 80;

/**
 * A name printed on certificates (issue 32, L4): one line, trimmed, NFC-normalised, at most 80 characters,
 * without control, bidi-override or zero-width characters (person-name.ts).
 */
const certificateName = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(CERTIFICATE_NAME_MAX, messages.certificateNameTooLong),
      z.refine(isPrintableName, messages.certificateNameCharacters),
    ),
  z.transform(normalisePersonName),
);

/** The profile's 'name to print'; empty means 'ask me when I complete a course'. */
export const certificateNameRequest = z.object({ certificateName });
export type CertificateNameRequest = z.input<typeof certificateNameRequest>;

/**
 * The name to print on one certificate: the player's request for the first certificate of a course, and
 * the learner's one re-issue with a corrected name. Required.
 */
export const certificateClaimRequest = z.object({
  certificateName: z.pipe(certificateName, z.string().check(z.minLength(1, messages.certificateNameRequired))),
});
export type CertificateClaimRequest = z.input<typeof certificateClaimRequest>;
