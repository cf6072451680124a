import { createHash } from 'node:crypto';
import { type PaymentRunItemStatus, paymentRunMessages, type StatusImport } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { askToConfirmBilling } from '../billing/index.ts';
import { returnPaidPayout, rows } from '../payouts/index.ts';
import { parseStatusFile, type StatusFile, StatusFileError, type StatusItem } from './formats/index.ts';

interface Locked {
  id: number;
  run_id: number;
  payout_id: number;
  affiliate_id: number;
  reference: string;
  status: PaymentRunItemStatus;
  reason: string | null;
  run_status: string;
  message_id: string;
}

const formatName = (f: StatusFile['format']): StatusImport['format'] => (f === 'nacha-return' ? 'nacha' : f);

/**
 * The statuses a file gives, item by item: its own, and for a pain.002 the group status for the
 * items of the run it answers that have none of their own (a whole file rejected or accepted).
 */
async function statusesOf(db: Db, file: StatusFile): Promise<StatusItem[]> {
  const list = [...file.items];
  const group = file.groups?.find((g) => g.paymentInformationId === undefined && g.accepted !== undefined);
  if (file.format === 'pain.002' && file.messageId && group) {
    const named = new Set(list.map((i) => i.reference));
    const rest = await rows<{ reference: string }>(
      db,
      sql`select i.reference from payment_run_items i join payment_runs r on r.id = i.run_id where r.message_id = ${file.messageId} and r.status = 'sent' and i.open order by i.id`,
    );
    for (const r of rest) {
      if (named.has(r.reference)) continue;
      list.push({ reference: r.reference, status: group.accepted ? 'accepted' : 'returned', reasonCode: group.reasonCode, reason: group.reason, rawStatus: group.status });
    }
  }
  return list;
}

/**
 * POST /v1/payment-runs/status-files (docs/payment-runs.md, The bank's answer): matches each status
 * to its item by our reference (an unknown reference is reported, never guessed). Accepted: the
 * item is accepted. Returned or rejected: the item and its payout are returned, the payout's gross
 * comes back to the balance as new ledger rows and the affiliate is asked to confirm their details.
 * A notification of change is recorded and shown to the affiliate, not applied. The same bytes twice
 * change nothing; items are changed under their row lock, so imports at once return money once.
 * Answers the reply and the payouts returned (for their emails).
 */
export async function importStatusFile(db: Db, body: Buffer, by: number): Promise<{ result: StatusImport; returned: number[] }> {
  if (body.length === 0) throw new AppError('validation_failed', paymentRunMessages.emptyFile);
  let file: StatusFile;
  try {
    file = parseStatusFile(body);
  } catch (err) {
    if (err instanceof StatusFileError) throw new AppError('validation_failed', err.code === 'unknown_format' ? paymentRunMessages.unknownFile : err.message);
    throw err;
  }
  const sha = createHash('sha256').update(body).digest('hex');
  const statuses = await statusesOf(db, file);

  return db.transaction(async (tx) => {
    const [imported] = await rows<{ id: number }>(
      tx,
      sql`insert into payment_status_imports (sha256, format, imported_by, body) values (${sha}, ${file.format}, ${by}, ${body.toString('utf8').replaceAll('\u0000', '')})
          on conflict (sha256) do nothing returning id`,
    );
    const repeated = !imported;
    const references = [...new Set(statuses.map((s) => s.reference))];
    // Row locks in one order (by id): imports at once wait for one another instead of deadlocking.
    const locked = references.length
      ? await rows<Locked>(
          tx,
          sql`select i.id, i.run_id, i.payout_id, i.affiliate_id, i.reference, i.status, i.reason, r.status as run_status, r.message_id
              from payment_run_items i join payment_runs r on r.id = i.run_id
              where i.reference = any(${`{${references.map((r) => `"${r.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[])
              order by i.id for update of i`,
        )
      : [];
    const byReference = new Map(locked.map((l) => [l.reference, l]));
    const result: StatusImport = { format: formatName(file.format), repeated, matched: [], unmatched: [] };
    const returned: number[] = [];
    const at = new Date();

    for (const s of statuses) {
      const item = byReference.get(s.reference);
      const reason = s.reason ?? (s.reasonCode ? `Code ${s.reasonCode}` : null);
      if (!item || item.run_status !== 'sent') {
        result.unmatched.push({ reference: s.reference, status: s.rawStatus ?? s.status, reason: item ? 'The payment run of this reference was not marked as sent.' : reason });
        continue;
      }
      const correction = s.correction ? `${s.correction.words}: ${s.correction.value}` : null;
      let changed = false;
      if (!repeated) {
        if (correction) {
          await tx.execute(sql`insert into payment_run_item_events (item_id, kind, reason_code, reason, import_id, at) values (${item.id}, 'notice', ${s.correction!.code}, ${correction.slice(0, 300)}, ${imported!.id}, ${at})`);
          await askToConfirmBilling(tx, item.affiliate_id, `Your bank asks for a correction: ${correction}`, false);
          changed = true;
        } else if (s.status === 'accepted' && item.status === 'sent') {
          await tx.execute(sql`update payment_run_items set status = 'accepted', updated_at = ${at} where id = ${item.id}`);
          await tx.execute(sql`insert into payment_run_item_events (item_id, kind, reason_code, import_id, at) values (${item.id}, 'accepted', ${s.rawStatus ?? null}, ${imported!.id}, ${at})`);
          item.status = 'accepted';
          changed = true;
        } else if (s.status === 'returned' && (item.status === 'sent' || item.status === 'accepted')) {
          const words = (reason ?? 'Returned by the bank').slice(0, 300);
          await tx.execute(sql`update payment_run_items set status = 'returned', reason_code = ${s.reasonCode?.slice(0, 8) ?? null}, reason = ${words}, open = false, updated_at = ${at} where id = ${item.id}`);
          await tx.execute(sql`insert into payment_run_item_events (item_id, kind, reason_code, reason, import_id, at) values (${item.id}, 'returned', ${s.reasonCode?.slice(0, 8) ?? null}, ${words}, ${imported!.id}, ${at})`);
          await returnPaidPayout(tx, item.payout_id, words, at);
          await askToConfirmBilling(tx, item.affiliate_id, `Your bank returned a payment: ${words}. Check your payment details and save them again.`, true);
          item.status = 'returned';
          item.reason = words;
          returned.push(item.payout_id);
          changed = true;
        }
      }
      result.matched.push({ reference: s.reference, payout_id: item.payout_id, run_id: item.run_id, status: item.status, reason: item.status === 'returned' ? item.reason : null, correction, changed });
    }
    for (const u of file.unmatched ?? []) result.unmatched.push({ reference: '', status: 'unreadable', reason: `${u.line ? `Line ${u.line}: ` : ''}${u.why}` });
    if (imported) await tx.execute(sql`update payment_status_imports set summary = ${JSON.stringify(result)}::jsonb where id = ${imported.id}`);
    return { result, returned };
  });
}
