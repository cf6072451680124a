import type { CatalogueKind } from '@portal/contracts';

/** The card images' shapes (the server resizes to these: scenes 480 × 270, models 320 × 427). */
export const CARD_RATIO: Record<CatalogueKind, string> = { scene: '16 / 9', model: '3 / 4' };

/** 1530 -> "25:30", 3725 -> "1:02:05". */
export function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** Duration buckets of the filter, in minutes. */
export const durationBuckets = {
  short: { max_duration: 20 },
  medium: { min_duration: 20, max_duration: 40 },
  long: { min_duration: 40 },
} as const;
export type DurationBucket = keyof typeof durationBuckets;
