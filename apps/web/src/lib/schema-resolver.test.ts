import { adminCouponInput, contactRequest, reviewForm, signUpRequest } from '@shop/shared';
import { expect, test } from 'vitest';
import * as z from 'zod/mini';
import { schemaResolver } from './schema-resolver';

const options = { fields: {}, shouldUseNativeValidation: false };
const resolve = (schema: z.ZodMiniType, values: object) =>
  schemaResolver(schema as never)(values as never, undefined, options as never);

test('a valid form submits what the schema outputs: trimmed, coerced, defaults filled', async () => {
  expect(await resolve(reviewForm, { rating: '4', text: ' fine ' })).toEqual({
    values: { rating: 4, text: 'fine' },
    errors: {},
  });
  const contact = await resolve(contactRequest, {
    user_name: ' Asha   Rao ',
    user_email: 'a@b.in',
    message: 'a long enough note',
  });
  expect(contact.values).toMatchObject({ user_name: 'Asha Rao' });
});

test('each field shows its first message, including a check on the whole form', async () => {
  expect(await resolve(contactRequest, { user_name: '', user_email: 'bad', message: 'short' })).toEqual({
    values: {},
    errors: {
      user_name: { type: 'too_small', message: 'Name is a required field' },
      user_email: { type: 'invalid_format', message: 'Email must be a valid email' },
      message: { type: 'too_small', message: 'Comment must be at least 10 characters' },
    },
  });
  const signUp = await resolve(signUpRequest, {
    username: 'asha',
    email: 'a@b.in',
    password: '12345678',
    cpassword: 'x',
  });
  expect(signUp.errors).toEqual({ cpassword: { type: 'custom', message: 'Passwords must match' } });
});

test("a failed union shows its closest branch's message, not zod's 'Invalid input'", async () => {
  const limit = z.object({
    maxUses: z.union([z.number({ error: 'must be a number' }), z.null({ error: 'or empty' })]),
  });
  expect((await resolve(limit, { maxUses: 'ten' })).errors).toEqual({
    maxUses: { type: 'invalid_type', message: 'must be a number' },
  });
  const coupon = {
    code: 'AB',
    percent: 10,
    startsOn: 'soon',
    expiresOn: '',
    maxUses: null,
    maxUsesPerUser: null,
    active: true,
  };
  expect((await resolve(adminCouponInput, coupon)).errors).toEqual({
    startsOn: { type: 'invalid_format', message: 'must be a date written YYYY-MM-DD' },
  });
});

test('errors on nested fields are nested as react-hook-form reads them', async () => {
  const list = z.object({ items: z.array(z.object({ text: z.string().check(z.minLength(1, 'is required')) })) });
  expect((await resolve(list, { items: [{ text: 'a' }, { text: '' }] })).errors).toEqual({
    items: { 1: { text: { type: 'too_small', message: 'is required' } } },
  });
});

test("a form in another shape than the schema's is checked in the schema's shape, with the messages under the form's names", async () => {
  const schema = z.object({ points: z.array(z.string().check(z.trim(), z.minLength(1, 'is required'))) });
  type Form = { points: { text: string }[] };
  const resolver = schemaResolver<Form, undefined, z.output<typeof schema>>(schema, {
    toInput: (values) => ({ points: values.points.map((point) => point.text) }),
    toField: (name) => (/^points\.\d+$/.test(name) ? `${name}.text` : name),
  });
  const run = (values: Form) => resolver(values, undefined, options as never);
  expect(await run({ points: [{ text: ' one ' }] })).toEqual({ values: { points: ['one'] }, errors: {} });
  expect((await run({ points: [{ text: 'one' }, { text: ' ' }] })).errors).toEqual({
    points: { 1: { text: { type: 'too_small', message: 'is required' } } },
  });
});
