import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailLinkRequest, signInRequest, signUpRequest } from './contracts/accounts.js';
import { adminCouponInput } from './contracts/admin.js';
import { contactRequest } from './contracts/contact.js';
import { couponParams } from './contracts/coupons.js';
import { adminCouponForm, contactForm, couponForm, emailLinkForm, signInForm, signUpForm } from './form-schemas.js';

interface Parser {
  safeParse(input: unknown): {
    success: boolean;
    data?: unknown;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
}

/** What a form shows: accepted (with the values it would send) or every field's messages, in order. */
function verdict(schema: Parser, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, issues: (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`) };
}

/** Text a user could type or a script could send: edges of every limit, spaces, unicode, e-mail shapes. */
const text = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '   \t ',
    'a',
    'ab',
    'abc',
    'Asha Patel',
    '  Asha   Patel  ',
    'asha@example.com',
    ' asha@example.com ',
    'asha@example',
    'asha',
    'a@b@c.com',
    'asha @example.com',
    `${'a'.repeat(245)}@test.com`,
    `${'a'.repeat(246)}@test.com`,
    'पासवर्ड१२३४५६',
    'Ravi_K-1.0',
    'Ravi!',
    '<script>',
    'SAVE10',
    'save-10_x',
    'SAVE 10',
    '2025-01-31',
    '2025-02-30',
    '31/01/2025',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'dQw4w9WgXcQ',
    'https://example.com/video',
    'a message of ten+',
    'short',
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer({ min: 0, max: 400 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 0, max: 60 }).map((n) => 'A'.repeat(n)),
  fc.integer({ min: 4990, max: 5010 }).map((n) => 'm'.repeat(n)),
);
const number = fc.oneof(
  fc.constantFrom(0, 1, -1, 0.5, 4.5, 5, 5.01, 100, 101, 10_000_000, 10_000_000.01, 12.345, 12.34, Number.NaN),
  fc.integer({ min: -10, max: 200 }),
  fc.double({ min: -10, max: 200, noNaN: true }),
);
const anything = fc.oneof(text, number, fc.constantFrom(undefined, null, true, false, {}, []));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: anything });

function sameVerdicts(classic: Parser, mini: Parser, samples: fc.Arbitrary<unknown>, fixed: unknown[]) {
  for (const input of fixed) expect(verdict(mini, input), JSON.stringify(input)).toEqual(verdict(classic, input));
  fc.assert(
    fc.property(samples, (input) => {
      expect(verdict(mini, input)).toEqual(verdict(classic, input));
    }),
    { numRuns: 2000 },
  );
}

describe('the forms validate exactly as the API contracts do', () => {
  it('sign-in', () => {
    sameVerdicts(signInRequest, signInForm, fc.record({ email: maybe(text), password: maybe(text) }), [
      {},
      { email: 'asha@example.com', password: 'secret' },
      { email: '  ', password: '' },
      { email: 'asha@example.com', password: 'p'.repeat(129) },
    ]);
  });

  it('e-mail sign-in link', () => {
    sameVerdicts(emailLinkRequest, emailLinkForm, fc.record({ email: maybe(text) }), [
      {},
      { email: ' asha@example.com ' },
    ]);
  });

  it('registration', () => {
    const password = fc.oneof(text, fc.constantFrom('password1', 'pass', '        '));
    sameVerdicts(
      signUpRequest,
      signUpForm,
      fc.oneof(
        fc.record({ username: maybe(text), email: maybe(text), password: maybe(password), cpassword: maybe(password) }),
        fc.record({ username: text, email: text, password }).map((form) => ({ ...form, cpassword: form.password })),
      ),
      [
        {},
        { username: 'Asha', email: 'asha@example.com', password: 'password1', cpassword: 'password1' },
        { username: 'Asha', email: 'asha@example.com', password: 'password1', cpassword: 'password2' },
        { username: 'Asha!', email: 'asha', password: 'short', cpassword: '' },
      ],
    );
  });

  it('contact', () => {
    sameVerdicts(
      contactRequest,
      contactForm,
      fc.record(
        { user_name: maybe(text), user_email: maybe(text), message: maybe(text), web: maybe(text) },
        { requiredKeys: [] },
      ),
      [
        {},
        { user_name: '  Asha \n Patel ', user_email: 'asha@example.com', message: 'Hello, I have a question.' },
        { user_name: 'n'.repeat(101), user_email: 'bad', message: 'short' },
      ],
    );
  });

  it('coupon code', () => {
    sameVerdicts(couponParams, couponForm, fc.record({ code: maybe(text) }), [
      {},
      { code: ' SAVE10 ' },
      { code: 'A'.repeat(41) },
    ]);
  });

  it('operator coupon', () => {
    const date = fc.oneof(fc.constantFrom('', '2025-01-01', '2025-12-31', '2025-13-01'), text);
    const limit = fc.oneof(fc.constant(null), number);
    sameVerdicts(
      adminCouponInput,
      adminCouponForm,
      fc.record({
        code: maybe(text),
        percent: maybe(number),
        startsOn: maybe(date),
        expiresOn: maybe(date),
        maxUses: maybe(limit),
        maxUsesPerUser: maybe(limit),
        active: maybe(fc.boolean()),
      }),
      [
        { code: 'SAVE10', percent: 10, startsOn: '', expiresOn: '', maxUses: null, maxUsesPerUser: null, active: true },
        {
          code: 'SAVE10',
          percent: 10,
          startsOn: '2025-02-01',
          expiresOn: '2025-01-01',
          maxUses: 0,
          maxUsesPerUser: 1.5,
          active: true,
        },
      ],
    );
  });
});
