import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { config } from 'zod/v4/core';
import * as contracts from './index.ts';
import { validationMessages as m } from './validation.ts';
import { specMessage } from './zod-messages.ts';

/** SPEC.md section 5's messages; "minimum length N" stands for every N. */
const specList: readonly unknown[] = Object.values(m).filter((v) => typeof v === 'string');
const isSpecMessage = (message: string) => specList.includes(message) || /^This field must be at least \d+ characters$/.test(message);

/** Request bodies no person fills in: a site's server sends conversions, the app sends the rest itself. */
const notForms = new Set(['conversionRequestSchema', 'refreshRequestSchema', 'logoutRequestSchema', 'markAsReadSchema']);

/** Every request or form schema the contracts export. */
const formSchemas = (Object.entries(contracts) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodType] => /(Input|Request|Update)Schema$/.test(entry[0]) && entry[1] instanceof z.ZodType && !notForms.has(entry[0]),
);

/** The object under refinements and transforms, to learn a form's fields. */
function objectOf(schema: unknown): z.ZodObject | undefined {
  let s = schema as { def?: { type?: string; in?: unknown; innerType?: unknown } } | undefined;
  for (let i = 0; s && i < 10; i++) {
    if (s instanceof z.ZodObject) return s;
    s = (s.def?.in ?? s.def?.innerType) as typeof s;
  }
  return undefined;
}

type Node = { def?: { type?: string; in?: unknown; out?: unknown; innerType?: unknown; element?: unknown } };

/** The kinds of value a field holds, looking through optional, default, pipes and transforms. */
function kindsOf(field: unknown): { kinds: Set<string>; row?: z.ZodObject } {
  const kinds = new Set<string>();
  let row: z.ZodObject | undefined;
  const queue = [field as Node | undefined];
  for (let i = 0; i < queue.length && i < 30; i++) {
    const s = queue[i];
    if (!s?.def) continue;
    kinds.add(s.def.type ?? '');
    if (s.def.type === 'array') row ??= objectOf(s.def.element);
    queue.push(s.def.in as Node, s.def.out as Node, s.def.innerType as Node);
  }
  return { kinds, ...(row ? { row } : {}) };
}

/**
 * A form left empty in each way a screen can send it: fields missing or blank, lists empty,
 * inner blocks with one blank row; check boxes keep their unchecked false.
 */
function emptyInputs(schema: z.ZodType, blanks: unknown[]): unknown[] {
  const shape = objectOf(schema)?.shape ?? {};
  const fill = (blank: unknown) =>
    Object.fromEntries(
      Object.entries(shape).flatMap(([name, field]) => {
        const { kinds, row } = kindsOf(field);
        if (row) return [[name, [Object.fromEntries(Object.keys(row.shape).map((k) => [k, blank]))]]];
        if (kinds.has('array')) return [[name, []]];
        if (kinds.has('boolean')) return [[name, false]];
        return [[name, blank]];
      }),
    );
  return [{}, ...blanks.map(fill)];
}

const messagesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('every form, left empty, speaks in SPEC.md section 5 messages', () => {
  it('finds the forms', () => {
    expect(formSchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['campaignInputSchema', 'offerInputSchema', 'customPayoutsInputSchema', 'siteInputSchema', 'registerRequestSchema', 'postbackInputSchema']),
    );
  });

  describe('with the rules alone (no message floor)', () => {
    // Without the process-wide floor, a rule that names no message shows zod's own English.
    let saved: ReturnType<typeof config>['customError'];
    beforeAll(() => {
      saved = config().customError;
      config({ customError: undefined });
    });
    afterAll(() => void config({ customError: saved }));

    it.each(formSchemas)('%s', (_name, schema) => {
      for (const input of emptyInputs(schema, ['', '  '])) {
        const wrong = messagesOf(schema, input).filter((line) => !isSpecMessage(line.slice(line.indexOf(': ') + 2)));
        expect({ input, wrong }).toEqual({ input, wrong: [] });
      }
    });
  });

  it.each(formSchemas)('%s, with null for every empty field', (_name, schema) => {
    for (const input of emptyInputs(schema, ['', null, '-'])) {
      const wrong = messagesOf(schema, input).filter((line) => !isSpecMessage(line.slice(line.indexOf(': ') + 2)));
      expect({ input, wrong }).toEqual({ input, wrong: [] });
    }
  });

  it('an empty required select says "This field is required", never a number bound', () => {
    const campaign = messagesOf(contracts.campaignInputSchema, { name: '', offer_id: null, destination_type: 'landing_page', landing_page_id: null });
    expect(campaign).toEqual(expect.arrayContaining([`offer_id: ${m.required}`, `name: ${m.required}`, `landing_page_id: ${m.required}`]));
    const offer = messagesOf(contracts.offerInputSchema, { site_id: null, name: '', payout_type: 'cpa', default_payout: '' });
    expect(offer).toEqual(expect.arrayContaining([`site_id: ${m.required}`, `name: ${m.required}`, `default_payout: ${m.required}`]));
    const payouts = messagesOf(contracts.customPayoutsInputSchema, { affiliates: [{ affiliate_id: '', amount: '' }], tiers: [] });
    expect(payouts).toEqual([`affiliates.0.affiliate_id: ${m.required}`, `affiliates.0.amount: ${m.required}`]);
  });

  it('a payout of zero is filled; a negative one is not positive', () => {
    expect(contracts.offerInputSchema.parse({ site_id: 1, name: 'A', payout_type: 'cpa', default_payout: '0' }).default_payout).toBe(0);
    expect(messagesOf(contracts.offerInputSchema, { site_id: '1', name: 'A', payout_type: 'cpa', default_payout: '-1' })).toEqual([`default_payout: ${m.positive}`]);
    expect(messagesOf(contracts.offerInputSchema, { site_id: 0, name: 'A', payout_type: 'cpa', default_payout: '1.234' })).toEqual([`site_id: ${m.invalid}`, `default_payout: ${m.invalid}`]);
  });
});

describe('the message floor under every rule', () => {
  const floor = (schema: z.ZodType, input: unknown) => messagesOf(schema, input).map((line) => line.slice(line.indexOf(': ') + 2));

  it.each([
    ['a number bound on an empty select', z.coerce.number().int().positive(), '', m.positive],
    ['a missing value', z.object({ a: z.number() }), {}, m.required],
    ['a blank string with a minimum', z.string().min(1), '', m.required],
    ['a short string', z.string().min(3), 'ab', m.minLength(3)],
    ['an email', z.email(), 'nope', m.email],
    ['a url', z.url(), 'nope', m.url],
    ['zero where a positive number goes', z.number().positive(), 0, m.positive],
    ['an option outside the list', z.enum(['a', 'b']), 'c', m.invalid],
    ['an empty option', z.enum(['a', 'b']), '', m.required],
    ['an empty list', z.array(z.string()).min(1), [], m.required],
    ['a refinement without a message', z.string().refine(() => false), 'x', m.invalid],
  ])('%s', (_label, schema, input, message) => {
    expect(floor(schema, input)).toEqual([message]);
  });

  it('names the longest text', () => {
    expect(specMessage({ code: 'too_big', origin: 'string', maximum: 5, input: 'abcdefg', path: [] } as never)).toBe('This field must be at most 5 characters');
  });
});
