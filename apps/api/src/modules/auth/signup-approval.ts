import type { Db } from '../../db/client.ts';
import { recordEvent } from '../../lib/events.ts';
import { getSetting, putSetting } from '../settings/index.ts';

const SETTING = 'signup_approval_required';

/** Whether a new affiliate waits for staff approval (on unless staff turned it off). */
export async function signupApprovalRequired(db: Db): Promise<boolean> {
  return (await getSetting<boolean>(db, SETTING, true)) !== false;
}

/** Turns approval on or off; the event history gets the value before and after. */
export async function setSignupApprovalRequired(db: Db, actor: { id: number; ip?: string | undefined }, required: boolean): Promise<void> {
  const before = { required: await signupApprovalRequired(db) };
  await putSetting(db, SETTING, required);
  await recordEvent(db, 'settings.signup_approval', { actorId: actor.id, ip: actor.ip, objectId: 'signup-approval', before, after: { required }, data: { required } });
}

/** What a new sign-up starts as: pending while approval is required. */
export async function initialApprovalStatus(db: Db): Promise<'pending' | 'approved'> {
  return (await signupApprovalRequired(db)) ? 'pending' : 'approved';
}
