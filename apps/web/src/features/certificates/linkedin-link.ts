import { type CertificateView, INDIA_TIME_ZONE } from '@shop/shared';

/** The month and year of a completion in India, where the shop is, as LinkedIn's form takes them. */
function issuedIn(completedAt: string): { year: string; month: string } {
  const parts = new Intl.DateTimeFormat('en-IN', {
    year: 'numeric',
    month: 'numeric',
    timeZone: INDIA_TIME_ZONE,
  }).formatToParts(new Date(completedAt));
  const part = (type: 'year' | 'month') => parts.find((found) => found.type === type)?.value ?? '';
  return { year: part('year'), month: part('month') };
}

/** LinkedIn's 'Add licence or certification' form, filled in with this certificate. */
export function linkedInAddUrl(certificate: CertificateView, organisation: string): string {
  const { year, month } = issuedIn(certificate.completedAt);
  const query = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.courseTitle,
    organizationName: organisation,
    issueYear: year,
    issueMonth: month,
    certUrl: certificate.verifyUrl,
    certId: certificate.id,
  });
  return `https://www.linkedin.com/profile/add?${query.toString()}`;
}

/** '22 November 2026': the completion's day in India. */
export function completionDay(completedAt: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: INDIA_TIME_ZONE,
  }).format(new Date(completedAt));
}
