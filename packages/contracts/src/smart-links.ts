import { z } from 'zod';
import { required } from './rules/field.ts';
import { id } from './rules/ids.ts';
import { nameText } from './rules/text.ts';
import { deviceClasses } from './tracking.ts';
import { validationMessages as m } from './validation.ts';

/** `weight`: each click picks among the offers that target the visitor by weight; `epc`: the one that earned most per click over 24 hours. */
export const smartLinkModes = ['weight', 'epc'] as const;
export type SmartLinkMode = (typeof smartLinkModes)[number];

export const smartLinkMessages = {
  noEntries: 'Add at least one offer.',
  tooManyEntries: 'A smart link takes at most 20 offers.',
  needsCatchAll: 'Mark one offer as catch-all, or leave one offer without targeting, so every visitor has somewhere to go.',
  weight: 'This field must be a whole number from 1 to 1000',
  countries: 'Use two-letter country codes, such as US or DE.',
} as const;

export const smartLinkEntrySchema = z.object({
  offer_id: id(),
  weight: required(z.coerce.number({ error: smartLinkMessages.weight }).int(smartLinkMessages.weight).min(1, smartLinkMessages.weight).max(1000, smartLinkMessages.weight)),
  /** Empty: every country. */
  countries: z.array(z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, smartLinkMessages.countries), { error: m.invalid }).max(250).optional().default([]),
  /** Empty: every device. */
  devices: z.array(z.enum(deviceClasses, { error: m.invalid }), { error: m.invalid }).max(4).optional().default([]),
  /** Takes visitors no other offer targets (and any visitor when no targeted offer matches). */
  catch_all: z.boolean({ error: m.invalid }).optional().default(false),
});
export type SmartLinkEntryInput = z.input<typeof smartLinkEntrySchema>;

const entries = z.array(smartLinkEntrySchema).min(1, smartLinkMessages.noEntries).max(20, smartLinkMessages.tooManyEntries);

export const smartLinkCreateSchema = z.object({
  name: nameText({ min: 1, max: 255 }),
  mode: z.enum(smartLinkModes, { error: m.invalid }).optional().default('weight'),
  entries,
});
export type SmartLinkCreate = z.input<typeof smartLinkCreateSchema>;
export const smartLinkUpdateSchema = z.object({
  name: nameText({ min: 1, max: 255 }).optional(),
  mode: z.enum(smartLinkModes, { error: m.invalid }).optional(),
  entries: entries.optional(),
});
export type SmartLinkUpdate = z.input<typeof smartLinkUpdateSchema>;

export const smartLinkSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  /** Where visitors click: `/t/<code>`, answered like a tracking link. */
  url: z.string(),
  mode: z.enum(smartLinkModes),
  entries: z.array(
    z.object({
      offer_id: z.number(),
      offer_name: z.string(),
      site_name: z.string(),
      weight: z.number(),
      countries: z.array(z.string()),
      devices: z.array(z.enum(deviceClasses)),
      catch_all: z.boolean(),
    }),
  ),
  created_at: z.string(),
});
export type SmartLink = z.infer<typeof smartLinkSchema>;
export const smartLinkReplySchema = z.object({ data: smartLinkSchema });
export const smartLinkListReplySchema = z.object({ data: z.array(smartLinkSchema) });
