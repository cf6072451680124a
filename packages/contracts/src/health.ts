import { z } from 'zod';

/**
 * `ok`: the database answered. `degraded`: no primary answers (a failover): clicks are still
 * answered (spooled on this instance) and every other route answers 503, so a load balancer keeps
 * the instance in.
 */
export const healthReplySchema = z.object({ status: z.enum(['ok', 'degraded']) });
export type HealthReply = z.infer<typeof healthReplySchema>;
