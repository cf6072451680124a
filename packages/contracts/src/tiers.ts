import { z } from 'zod';
import { required } from './rules/field.ts';
import { text } from './rules/text.ts';

export const tierMessages = { created: 'Tier created successfully', updated: 'Tier updated successfully', nameTaken: 'A tier with this name already exists.' } as const;

/** A tier: its name, and whether new sign-ups get it (one tier at a time is the default). */
export const tierInputSchema = z.object({ name: required(text({ max: 64 })), is_default: z.boolean().default(false) });
export type TierInput = z.input<typeof tierInputSchema>;
