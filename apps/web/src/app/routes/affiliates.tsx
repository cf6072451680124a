import { AffiliatesList } from '../../features/affiliates/components/affiliates-list.tsx';
import { BonusDialog } from '../../features/bonus/components/bonus-dialog.tsx';
import { openAffiliateSession } from '../../features/session/api/login-as.ts';

/** /affiliates, staff with the affiliates permission (the app layout shows the heading). */
export function Component() {
  return <AffiliatesList openSession={openAffiliateSession} renderBonus={(affiliate, onClose) => <BonusDialog affiliate={affiliate} onClose={onClose} />} />;
}
