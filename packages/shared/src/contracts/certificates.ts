import { z } from 'zod';

/** A certificate's public id: 16 characters of base32 (80 random bits), the last part of its verification URL. */
export const certificateIdPattern = /^[a-z2-7]{16}$/;

/** Lenient on purpose: any malformed id is an unknown certificate (404 with a clear message), not a form error. */
export const certificateParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Valid while the learner's enrolment is active; revoked once it is not (a refund); replaced when this id
 * belonged to a certificate re-issued with a corrected name (`replacedBy` is the current one's id).
 */
export const certificateStatus = z.enum(['valid', 'revoked', 'replaced']);
export type CertificateStatus = z.infer<typeof certificateStatus>;

/** GET /api/certificates/{id}: public, so it never carries the learner's e-mail or account id. */
export const certificateResponse = z.object({
  ok: z.literal(true),
  certificate: z.object({
    id: z.string(),
    name: z.string(),
    courseTitle: z.string(),
    instructor: z.string(),
    /** ISO timestamp of the completing save. */
    completedAt: z.string(),
    status: certificateStatus,
    /** PUBLIC_URL + /certificates/{id}. */
    verifyUrl: z.string(),
    /** Set when `status` is 'replaced': the id of the certificate that replaced this one. */
    replacedBy: z.string().nullable(),
  }),
});
export type CertificateResponse = z.infer<typeof certificateResponse>;
export type CertificateView = CertificateResponse['certificate'];

// The profile's 'name to print' request (certificateNameRequest) and a certificate's name
// (certificateClaimRequest) are in form-requests.ts (zod/mini).

/** The name the learner chose (null: not yet), and what a form asking for it starts with (issue 32, N2). */
export const certificateNameResponse = z.object({
  ok: z.literal(true),
  certificateName: z.string().nullable(),
  suggestedName: z.string(),
});

/** The player's request for a completed course's certificate, and a re-issue: the certificate's id. */
export const certificateIssuedResponse = z.object({ ok: z.literal(true), certificateId: z.string() });
export type CertificateIssuedResponse = z.infer<typeof certificateIssuedResponse>;
export type CertificateNameResponse = z.infer<typeof certificateNameResponse>;
