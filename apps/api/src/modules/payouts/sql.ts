export { intArray, rows } from '../../db/rows.ts';

/** Integer cents from a bigint column (a string on node-postgres, a number or bigint on PGlite). */
export const cents = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

export const toDollars = (value: number): number => Math.round(value) / 100;

/** A list of texts (null: NULL) as one parameter: `${textArray(values)}::text[]`, read far faster than JSON. */
export const textArray = (values: readonly (string | null)[]): string =>
  `{${values.map((v) => (v === null ? 'NULL' : `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
