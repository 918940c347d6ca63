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

const ahmedabad = { state: '24', pin: '380015', businessName: '', gstin: '', disclaimerAccepted: true };

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
    expect(messagesFor({ ...asha, ...ahmedabad, state: '96', pin: '' })).toEqual({});
  });
});
