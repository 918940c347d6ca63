/**
 * What the legal pages print where the original texts had blanks: operator settings on the server
 * (LEGAL_*, BUSINESS_ADDRESS), which reach the browser through the page's site config.
 */
export interface LegalSettings {
  businessAddress: string;
  disputeDays: number;
  arbitrators: number;
  arbitrationSeat: string;
  arbitrationLanguage: string;
  liabilityMonths: number;
  liabilityCapInr: number;
}
