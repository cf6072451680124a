import { z } from 'zod';
import { validationMessages as m } from '../validation.ts';

/**
 * The days a filter or a form may name: real calendar days (no 2026-02-30, no month 13) from
 * 1970-01-01 to 2999-12-31, so a day and the day after it are always dates the server and the
 * database can compute (`to=9999-12-31` would step past year 9999).
 */
export const DAY_MIN = '1970-01-01';
export const DAY_MAX = '2999-12-31';

export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < DAY_MIN || value > DAY_MAX) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A day field (YYYY-MM-DD): a 422 with `message` for anything but a real day in range. */
export function calendarDay(message: string = m.day) {
  return z.string({ error: message }).refine(isCalendarDay, message);
}
