import type { LegalSettings } from '@shop/shared';

export interface SiteConfig {
  siteName: string;
  contactEmail: string;
  legal: LegalSettings;
  /** Whether the server can start a Google sign-in ('Continue with google' is shown only then). */
  googleSignIn: boolean;
}

const defaults: SiteConfig = {
  siteName: 'TradeSkool',
  contactEmail: 'support@tradeskool.in',
  legal: {
    businessAddress: 'Gujarat, India',
    disputeDays: 30,
    arbitrators: 1,
    arbitrationSeat: 'Brussels, Belgium',
    arbitrationLanguage: 'English',
    liabilityMonths: 6,
    liabilityCapInr: 10_000,
  },
  googleSignIn: false,
};

/** The whitelisted settings the server writes into index.html as `<meta name="site-config">`. */
function read(): SiteConfig {
  // On the server (entry-server.tsx) the server's own settings are put in place before each render.
  if (typeof document === 'undefined') return structuredClone(defaults);
  const content = document.querySelector('meta[name="site-config"]')?.getAttribute('content');
  if (!content) return defaults;
  try {
    const parsed = JSON.parse(content) as Partial<SiteConfig>;
    return { ...defaults, ...parsed, legal: { ...defaults.legal, ...parsed.legal } };
  } catch {
    return defaults;
  }
}

export const siteConfig: SiteConfig = read();
