import fc from 'fast-check';

/** Strings attackers and broken clients send: SQL and script injection, traversal, template and prototype tricks. */
export const attackStrings = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1' UNION SELECT password_hash FROM users --",
  "'); select pg_sleep(3); --",
  "WELCOME10' --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '..\\..\\..\\windows\\win.ini',
  '/etc/passwd\u0000.png',
  '\u0000',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent literally
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '\u202egnp.exe',
  '𝕏💥 ñ é 中文 العربية',
  '\ud800',
  '   ',
  '',
  'null',
  '-1',
  '1e309',
  'aaaaaaaaaaaaaaaaaaaaaaaa',
  '0123456789abcdef01234567',
];

const hugeString = fc.integer({ min: 1_000, max: 300_000 }).map((length) => 'A'.repeat(length));

/** Any JSON value a field might receive instead of what the contract says. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...attackStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 1, arbitrary: hugeString },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.integer({ min: -1_000_000_000, max: -1 }) },
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom(0.5, -0.01, 1.005, 4999.999, 1e308, -0, Number.MAX_SAFE_INTEGER + 2) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 30 }), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-f0-9]{24}$/) },
);

/**
 * A body shaped like the contract (its field names, each with a hostile value, any of them missing)
 * plus stray fields; now and then not an object at all.
 */
export function hostileBody(fields: string[]): fc.Arbitrary<unknown> {
  const shaped = fc
    .tuple(
      fc.record(Object.fromEntries(fields.map((field) => [field, hostileValue])), { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 20 }), hostileValue, { maxKeys: 3 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
  return fc.oneof({ weight: 9, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

/** A path segment: attack strings and unicode, percent-encoded as a client would send them. */
export const hostileSegment = fc
  .oneof(fc.constantFrom(...attackStrings), fc.string({ unit: 'binary', maxLength: 60 }), hugeString)
  .map((text) => percentEncode(text) || '%20');

/** encodeURIComponent, except that a lone surrogate is sent as the bytes UTF-8 makes of it. */
function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}
