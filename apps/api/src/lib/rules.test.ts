import { amount, email, mustBeUnique, optional, passwordsMatch, percentage, positiveNumber, required, siteUrl, text, urlEntry, validationMessages as m } from '@portal/contracts';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandler } from '../plugins/errors.ts';

// The same contracts rules the forms use, behind a route: the API answers with the same messages.
const body = z
  .object({
    name: required(text({ min: 3 })),
    email: required(email()),
    website: optional(siteUrl(), ''),
    link: urlEntry(),
    amount: required(amount()),
    weight: required(positiveNumber()),
    percent: required(percentage()),
    ranges: z.array(z.object({ from: required(text()) })).superRefine(mustBeUnique<{ from: string }>('from')),
    password: required(text()),
    password_confirmation: text(),
  })
  .refine(...passwordsMatch());

async function post(payload: unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandler(app);
  app.withTypeProvider<ZodTypeProvider>().post('/check', { schema: { body } }, async (request) => ({ data: request.body }));
  const reply = await app.inject({ method: 'POST', url: '/check', payload: payload as Record<string, unknown> });
  await app.close();
  return { status: reply.statusCode, json: reply.json<{ data?: unknown; errors?: Record<string, string[]> }>() };
}

const good = { name: ' Jane ', email: 'JANE@example.com', website: '', link: '/offers', amount: '12.50', weight: 2, percent: 0, ranges: [{ from: '1' }], password: 'secret-1', password_confirmation: 'secret-1' };

describe('contracts rules on the server', () => {
  it('gives the SPEC.md messages for the same bad input as the forms', async () => {
    const { status, json } = await post({
      name: '-',
      email: 'nope',
      website: 'not a site',
      link: 'http://10.0.0.1/',
      amount: '0',
      weight: '-1',
      percent: '101',
      ranges: [{ from: 'a' }, { from: 'A' }],
      password: 'secret-1',
      password_confirmation: 'secret-2',
    });
    expect(status).toBe(422);
    expect(json.errors).toMatchObject({
      name: [m.required],
      email: [m.email],
      website: [m.url],
      link: [m.urlEntry],
      amount: [m.invalid],
      weight: [m.positive],
      percent: [m.percentage],
      // The duplicate's row is kept, so the message lands on that block's field.
      'ranges.1.from': [m.unique],
      password_confirmation: [m.passwordMismatch],
    });
  });

  it('gives the minimum-length message', async () => {
    const { json } = await post({ ...good, name: 'ab' });
    expect(json.errors).toEqual({ name: ['This field must be at least 3 characters'] });
  });

  it('accepts good input trimmed and typed, zero counting as filled', async () => {
    const { status, json } = await post(good);
    expect(status).toBe(200);
    expect(json.data).toMatchObject({ name: 'Jane', email: 'jane@example.com', website: '', amount: 12.5, weight: 2, percent: 0 });
  });
});
