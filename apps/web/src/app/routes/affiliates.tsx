import { AffiliatesList } from '../../features/affiliates/components/affiliates-list.tsx';
import { BonusButton } from '../../features/bonus/components/bonus-button.tsx';
import { openAffiliateSession } from '../../features/session/api/login-as.ts';

/** /affiliates, staff with the affiliates permission (the app layout shows the heading). */
export function Component() {
  return <AffiliatesList openSession={openAffiliateSession} renderActions={(affiliate) => <BonusButton affiliate={affiliate} />} />;
}
