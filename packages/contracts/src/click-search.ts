import { z } from 'zod';
import { idText } from './rules/ids.ts';
import { text } from './rules/text.ts';
import { validationMessages as m } from './validation.ts';

/** The longest window `GET /v1/clicks/search` looks through, in days. */
export const CLICK_SEARCH_MAX_DAYS = 90;
/** How many clicks one search answers at most (newest first). */
export const CLICK_SEARCH_LIMIT = 50;

export const clickSearchMessages = {
  window: `The window must end after it starts and span at most ${CLICK_SEARCH_MAX_DAYS} days.`,
} as const;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const instant = z.preprocess(blank, z.iso.datetime({ offset: true, error: m.invalid }).optional());
const sub = z.preprocess(blank, text({ max: 255 }).optional());

/**
 * `GET /v1/clicks/search` (staff who attach orphaned conversions): clicks by affiliate, offer, sub
 * ids (exact) and time window (`from`..`to`, ISO 8601 instants; by default the 30 days up to now),
 * newest first, at most 50.
 */
export const clickSearchQuerySchema = z
  .object({
    affiliate_id: z.preprocess(blank, idText().optional()),
    offer_id: z.preprocess(blank, idText().optional()),
    sub1: sub,
    sub2: sub,
    sub3: sub,
    sub4: sub,
    sub5: sub,
    from: instant,
    to: instant,
  })
  .superRefine((q, ctx) => {
    const to = q.to ? Date.parse(q.to) : Date.now();
    const from = q.from ? Date.parse(q.from) : to - 30 * 86_400_000;
    if (from >= to || to - from > CLICK_SEARCH_MAX_DAYS * 86_400_000) ctx.addIssue({ code: 'custom', path: [q.from ? 'from' : 'to'], message: clickSearchMessages.window });
  });
export type ClickSearchQuery = z.input<typeof clickSearchQuerySchema>;

const named = z.object({ id: z.number().int(), name: z.string() });
export const foundClickSchema = z.object({
  cid: z.string(),
  time: z.string(),
  affiliate: named,
  offer: named,
  site: named,
  sub1: z.string().nullable(),
  sub2: z.string().nullable(),
  sub3: z.string().nullable(),
  sub4: z.string().nullable(),
  sub5: z.string().nullable(),
  country: z.string().nullable(),
});
export type FoundClick = z.infer<typeof foundClickSchema>;
export const clickSearchReplySchema = z.object({ data: z.array(foundClickSchema) });
