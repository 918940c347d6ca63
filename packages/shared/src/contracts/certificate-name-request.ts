import * as z from 'zod/mini';
import { messages } from '../messages.js';

export const CERTIFICATE_NAME_MAX = 80;

/** The profile's 'name to print': trimmed, at most 80 characters; empty means 'print my username'. */
export const certificateNameRequest = z.object({
  certificateName: z.string().check(
    z.trim(),
    z.maxLength(CERTIFICATE_NAME_MAX, messages.certificateNameTooLong),
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    z.refine((name) => !/[\u0000-\u001f\u007f]/.test(name), messages.certificateNameCharacters),
  ),
});
export type CertificateNameRequest = z.input<typeof certificateNameRequest>;
