import { messages } from './messages.js';

/**
 * GST facts shared by the checkout form and the server (issue 16).
 *
 * State codes: the GST state code list (CBIC / GSTN "State Code List"; 25 Daman and Diu merged into 26 in
 * 2020, 38 Ladakh added in 2019). "Outside India" uses 96, GSTN's code for "Other Country".
 */
export const gstStates = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
  { code: '96', name: 'Outside India' },
] as const;

export type GstStateCode = (typeof gstStates)[number]['code'];
export const OUTSIDE_INDIA = '96';

export function gstStateName(code: string): string | undefined {
  return gstStates.find((state) => state.code === code)?.name;
}

/**
 * The first two digits of the PIN codes each state's addresses use: India Post's postal circles
 * (India Post, "PIN code" zones; Wikipedia "Postal Index Number", table of the first two digits).
 * A coarse check by design: circles that span two states (Uttar Pradesh and Uttarakhand, Bihar and
 * Jharkhand, the North East) accept each other's prefixes, so no real address is refused.
 */
const pinPrefixes: Record<string, readonly string[]> = {
  '01': ['18', '19'],
  '02': ['17'],
  '03': ['14', '15', '16'],
  '04': ['16'],
  '05': ['24', '26'],
  '06': ['12', '13'],
  '07': ['11'],
  '08': ['30', '31', '32', '33', '34'],
  '09': ['20', '21', '22', '23', '24', '25', '26', '27', '28'],
  '10': ['80', '81', '82', '83', '84', '85'],
  '11': ['73'],
  '12': ['79'],
  '13': ['79'],
  '14': ['79'],
  '15': ['79'],
  '16': ['79'],
  '17': ['79'],
  '18': ['78'],
  '19': ['70', '71', '72', '73', '74'],
  '20': ['81', '82', '83', '84'],
  '21': ['75', '76', '77'],
  '22': ['49'],
  '23': ['45', '46', '47', '48'],
  '24': ['36', '37', '38', '39'],
  '26': ['39'],
  '27': ['40', '41', '42', '43', '44'],
  '29': ['56', '57', '58', '59'],
  '30': ['40'],
  '31': ['68'],
  '32': ['67', '68', '69'],
  '33': ['60', '61', '62', '63', '64'],
  '34': ['53', '60', '67'],
  '35': ['74'],
  '36': ['50'],
  '37': ['51', '52', '53'],
  '38': ['19'],
};

/** True when a six-digit PIN code may belong to the state (see pinPrefixes). */
export function pinMatchesState(pin: string, stateCode: string): boolean {
  if (!/^[1-9]\d{5}$/.test(pin)) return false;
  return pinPrefixes[stateCode]?.includes(pin.slice(0, 2)) ?? false;
}

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, 1 letter), entity number, Z, check character. */
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** GSTN's check character: a Luhn mod 36 over the first 14 characters. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = GSTIN_CHARS.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS.charAt((36 - (sum % 36)) % 36);
}

/** A well-formed GSTIN with a correct check character (upper case, no spaces). */
export function isValidGstin(gstin: string): boolean {
  return GSTIN_SHAPE.test(gstin) && gstinCheckChar(gstin.slice(0, 14)) === gstin.charAt(14);
}

export function isValidPan(pan: string): boolean {
  return /^[A-Z]{5}\d{4}[A-Z]$/.test(pan);
}

export interface BillingTaxFields {
  state?: string | undefined;
  pin?: string | undefined;
  gstin?: string | undefined;
  /** ISO 3166-1 alpha-2, upper case: required with Outside India (issue 32, B7). */
  country?: string | undefined;
}

// Region codes Intl knows that are not countries a buyer lives in.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB']);

/**
 * The English name of an ISO 3166-1 alpha-2 country code, or undefined for a code that names none
 * (Intl's region names: no list of 250 countries shipped in the bundle).
 */
export function countryName(code: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return undefined;
  const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(code);
  return name && name !== code ? name : undefined;
}

type BillingField = 'state' | 'pin' | 'gstin' | 'country';

/**
 * The checkout's rules for the tax invoice's billing details, shared by the form and the server: a
 * state (or Outside India, with the country: an export claim the payment is checked against, decision
 * 0018); for India a PIN code in that state; a GSTIN, if given, valid and registered in that state.
 * Returns the field and message of each problem, at most one per field.
 */
export function billingTaxProblems(fields: BillingTaxFields): { field: BillingField; message: string }[] {
  const problems: { field: BillingField; message: string }[] = [];
  const state = fields.state ?? '';
  const country = fields.country ?? '';
  if (!gstStateName(state)) problems.push({ field: 'state', message: messages.billingStateRequired });
  else if (state === OUTSIDE_INDIA) {
    if (country === 'IN') problems.push({ field: 'country', message: messages.billingCountryIndia });
    else if (!countryName(country)) problems.push({ field: 'country', message: messages.billingCountryRequired });
  } else {
    const pin = fields.pin ?? '';
    if (!/^\d{6}$/.test(pin)) problems.push({ field: 'pin', message: messages.billingPinInvalid });
    else if (!pinMatchesState(pin, state)) problems.push({ field: 'pin', message: messages.billingPinState });
    if (country && country !== 'IN') problems.push({ field: 'country', message: messages.billingCountryOutside });
  }
  const gstin = fields.gstin ?? '';
  if (gstin) {
    if (!isValidGstin(gstin)) problems.push({ field: 'gstin', message: messages.billingGstinInvalid });
    else if (gstin.slice(0, 2) !== state) problems.push({ field: 'gstin', message: messages.billingGstinState });
  }
  return problems;
}

/** The GSTR-1 tables the console exports, named as the GST offline tool's sheets. */
export const gstr1Sections = [
  'b2b',
  'b2cl',
  'b2cs',
  'exp',
  'cdnr',
  'cdnur',
  'hsn',
  'hsn(b2b)',
  'hsn(b2c)',
  'docs',
] as const;
