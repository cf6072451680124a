import { z } from 'zod';
import { optional } from './field.ts';
import { text } from './text.ts';

/** Field rules the creatives' forms share (banners, landing pages): a 0-5 rating, a language code, a description. */
export const rating = () => z.coerce.number().int().min(0).max(5).optional().default(0);
export const language = () => optional(text({ max: 8 }), 'en').optional().transform((v) => v ?? 'en');
export const description = () => optional(text({ max: 2000 }), '').optional().transform((v) => v ?? '');
/** Files removed in a form (SPEC.md: the `_deleted` suffix), one uuid or several. */
export const deletedFiles = () => z.union([z.string(), z.array(z.string())]).optional();

/** The creatives screens' page of cards when none is asked for. */
export const CARDS_PER_PAGE = 24;
/** A filter's text (a language, a size, a category...). */
export const filterText = () => z.string().trim().max(60).optional();
