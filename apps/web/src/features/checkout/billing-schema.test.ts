import { describe, expect, it } from 'vitest';
import { billingSchema } from './billing-schema';

/** The first message of each field: the one the form shows under it. */
const messagesFor = (input: object) => {
  const result = billingSchema.safeParse(input);
  const shown: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) shown[String(issue.path[0])] ??= issue.message;
  return shown;
};

describe('billing details', () => {
  it("uses the spec's messages for missing fields", () => {
    expect(messagesFor({ firstName: ' ', lastName: '', email: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email address is required',
    });
  });

  it('refuses an address that is not an e-mail address', () => {
    for (const email of ['asha', 'asha@example', 'asha @example.com', 'a@b@c.com']) {
      expect(messagesFor({ firstName: 'Asha', lastName: 'Patel', email })).toEqual({
        email: 'Please enter a valid email address',
      });
    }
  });

  it('accepts a complete form, trimmed', () => {
    expect(billingSchema.parse({ firstName: ' Asha ', lastName: 'Patel', email: ' asha@example.com ' })).toEqual({
      firstName: 'Asha',
      lastName: 'Patel',
      email: 'asha@example.com',
    });
  });
});
