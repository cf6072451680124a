import { affiliateMessages as msg, type affiliateBulkRequestSchema, errorMessages } from '@portal/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { affiliateInScope, type Scope } from '../../lib/scope.ts';
import { type Actor, assignManager, assignTier, setActive } from './actions.ts';

type Bulk = z.output<typeof affiliateBulkRequestSchema>;

const done: Record<Bulk['action'], string> = {
  activate: msg.activated,
  deactivate: msg.deactivated,
  tier: msg.tierAssigned,
  manager: msg.managerAssigned,
};

/**
 * POST /v1/affiliates/bulk: the action row by row, each in its own statement, so one refused row
 * (the owner, an affiliate deleted meanwhile) never undoes the others. The web app sends the
 * selection in small chunks to show progress.
 */
export async function runBulk(db: Db, actor: Actor, input: Bulk, scope: Scope): Promise<Array<{ id: number; ok: boolean; message: string }>> {
  const out: Array<{ id: number; ok: boolean; message: string }> = [];
  for (const id of [...new Set(input.ids.map(Number))]) {
    try {
      // A manager limited to assigned affiliates: another's row is as if it did not exist.
      if (!(await affiliateInScope(db, scope, id))) throw new NotFoundError(msg.notFound);
      if (input.action === 'activate' || input.action === 'deactivate') await setActive(db, actor, id, input.action === 'activate');
      else if (input.action === 'tier') await assignTier(db, actor, id, input.tier_id!);
      else await assignManager(db, actor, id, input.manager_id ?? null);
      out.push({ id, ok: true, message: input.action === 'manager' && !input.manager_id ? msg.managerRemoved : done[input.action] });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const field = error.fields ? Object.values(error.fields)[0]?.[0] : undefined;
      out.push({ id, ok: false, message: field ?? error.message ?? errorMessages.internal });
    }
  }
  return out;
}
