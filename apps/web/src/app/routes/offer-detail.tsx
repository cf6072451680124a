import { useParams } from 'react-router';
import { OfferDetailPage } from '../../features/offers/components/offer-detail-page.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';

/** /offers/{id}, staff: the offer with its advanced settings. */
export function Component() {
  const { id } = useParams();
  const user = useCurrentUser();
  return <OfferDetailPage key={id} id={Number(id)} canPickAffiliate={(user.assigned_permissions ?? []).includes('affiliates')} />;
}
