import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A list's sort column in the order asked for. */
export const ordered = (column: SQL | AnyColumn, order: 'asc' | 'desc'): SQL => (order === 'asc' ? asc(column) : desc(column));
