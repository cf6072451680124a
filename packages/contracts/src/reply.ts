import { z } from 'zod';
import { idText } from './rules/ids.ts';

/** Successful replies wrap their payload as `{ data }`. */
export const dataReply = <T extends z.ZodType>(data: T) => z.object({ data });

export const listMetaSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
});

export type ListMeta = z.infer<typeof listMetaSchema>;

/** Lists add `meta` with the total count and the page asked for. */
export const listReply = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: listMetaSchema });

/** `/:id` in a path: a positive whole number. */
/** Path parameters of every route addressing one row: `/…/{id}`, the id written plainly. */
export const idParamsSchema = z.object({ id: idText() });
