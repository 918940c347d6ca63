export interface SiteConfig {
  siteName: string;
  contactEmail: string;
}

const defaults: SiteConfig = { siteName: 'TradeSkool', contactEmail: 'support@tradeskool.in' };

/** The whitelisted settings the server writes into index.html as `<meta name="site-config">`. */
function read(): SiteConfig {
  const content = document.querySelector('meta[name="site-config"]')?.getAttribute('content');
  if (!content) return defaults;
  try {
    return { ...defaults, ...(JSON.parse(content) as Partial<SiteConfig>) };
  } catch {
    return defaults;
  }
}

export const siteConfig: SiteConfig = read();
