import { messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { billingSchema } from './billing-schema';

/** The first message of each field: the one the form shows under it. */
const messagesFor = (input: object) => {
  const result = billingSchema.safeParse(input);
  const shown: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) shown[String(issue.path[0])] ??= issue.message;
  return shown;
};

const ahmedabad = { state: '24', pin: '380015', businessName: '', gstin: '', country: '', disclaimerAccepted: true };

describe('billing details', () => {
  it("uses the spec's messages for missing fields", () => {
    expect(messagesFor({ ...ahmedabad, firstName: ' ', lastName: '', email: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email address is required',
    });
  });

  it('refuses an address that is not an e-mail address', () => {
    for (const email of ['asha', 'asha@example', 'asha @example.com', 'a@b@c.com']) {
      expect(messagesFor({ ...ahmedabad, firstName: 'Asha', lastName: 'Patel', email })).toEqual({
        email: 'Please enter a valid email address',
      });
    }
  });

  it('accepts a complete form, trimmed', () => {
    expect(
      billingSchema.parse({ ...ahmedabad, firstName: ' Asha ', lastName: 'Patel', email: ' asha@example.com ' }),
    ).toEqual({ ...ahmedabad, firstName: 'Asha', lastName: 'Patel', email: 'asha@example.com' });
  });

  it('asks for a state, a PIN code of that state, a valid GSTIN of that state, and the disclaimer tick', () => {
    const asha = { firstName: 'Asha', lastName: 'Patel', email: 'asha@example.com' };
    expect(messagesFor({ ...asha, ...ahmedabad, state: '', disclaimerAccepted: false })).toEqual({
      state: messages.billingStateRequired,
      disclaimerAccepted: messages.disclaimerRequired,
    });
    expect(messagesFor({ ...asha, ...ahmedabad, pin: '4110' })).toEqual({ pin: messages.billingPinInvalid });
    expect(messagesFor({ ...asha, ...ahmedabad, pin: '411001' })).toEqual({ pin: messages.billingPinState });
    expect(messagesFor({ ...asha, ...ahmedabad, gstin: '27AAPFU0939F1ZV' })).toEqual({
      gstin: messages.billingGstinState,
    });
    expect(messagesFor({ ...asha, ...ahmedabad, gstin: '24AAACC1206D1ZX' })).toEqual({
      gstin: messages.billingGstinInvalid,
    });
    expect(
      billingSchema.parse({ ...asha, ...ahmedabad, state: '27', pin: '411001', gstin: ' 27aapfu0939f1zv ' }).gstin,
    ).toBe('27AAPFU0939F1ZV');
    expect(messagesFor({ ...asha, ...ahmedabad, state: '96', pin: '', country: 'ae' })).toEqual({});
  });

  it('Outside India asks for a country other than India; with a state in India the country is not asked', () => {
    const asha = { firstName: 'Asha', lastName: 'Patel', email: 'asha@example.com' };
    expect(messagesFor({ ...asha, ...ahmedabad, state: '96', pin: '' })).toEqual({
      country: messages.billingCountryRequired,
    });
    expect(messagesFor({ ...asha, ...ahmedabad, state: '96', country: 'IN' })).toEqual({
      country: messages.billingCountryIndia,
    });
    expect(billingSchema.parse({ ...asha, ...ahmedabad, state: '96', country: ' us ' }).country).toBe('US');
    // A country typed before switching back to a state in India is hidden and not checked.
    expect(messagesFor({ ...asha, ...ahmedabad, country: 'US' })).toEqual({});
  });

  it('names are one line without hidden characters (B6)', () => {
    const asha = { firstName: 'Asha', lastName: 'Patel', email: 'asha@example.com' };
    expect(messagesFor({ ...asha, ...ahmedabad, lastName: 'Patel\nGSTIN: 27AAPFU0939F1ZV' })).toEqual({
      lastName: messages.billingNameCharacters,
    });
    expect(messagesFor({ ...asha, ...ahmedabad, firstName: 'Warren \u202eredro' })).toEqual({
      firstName: messages.billingNameCharacters,
    });
    expect(messagesFor({ ...asha, ...ahmedabad, businessName: 'Evil Corp\n(TS/26-27/999999) Tj ET BT' })).toEqual({
      businessName: messages.billingNameCharacters,
    });
    expect(billingSchema.parse({ ...asha, ...ahmedabad, businessName: 'Jose\u0301 Traders' }).businessName).toBe(
      'Jos\u00e9 Traders',
    );
  });
});
