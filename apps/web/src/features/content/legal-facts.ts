import { formatRupees } from '@shop/shared';
import type { ReactNode } from 'react';
import { siteConfig } from '../../lib/site-config';

/** The operator's details and settings as the legal pages print them (LEGAL_* and BUSINESS_ADDRESS on the server). */
export const legalFacts = {
  siteName: siteConfig.siteName,
  email: siteConfig.contactEmail,
  website: typeof window === 'undefined' ? '' : window.location.origin,
  address: siteConfig.legal.businessAddress,
  disputeDays: siteConfig.legal.disputeDays,
  arbitrators: `${siteConfig.legal.arbitrators} ${siteConfig.legal.arbitrators === 1 ? 'arbitrator' : 'arbitrators'}`,
  arbitrationSeat: siteConfig.legal.arbitrationSeat,
  arbitrationLanguage: siteConfig.legal.arbitrationLanguage,
  liabilityMonths: siteConfig.legal.liabilityMonths,
  liabilityCap: formatRupees(siteConfig.legal.liabilityCapInr),
};

export interface LegalSection {
  /** The in-page anchor (`/terms-and-conditions#ip`). */
  id: string;
  title: string;
  body: ReactNode;
}
