import { z } from 'zod';

export const healthReplySchema = z.object({ status: z.literal('ok') });
export type HealthReply = z.infer<typeof healthReplySchema>;
