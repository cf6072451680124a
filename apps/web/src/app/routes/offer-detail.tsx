import { useParams } from 'react-router';
import { OfferFraudRules } from '../../features/fraud/components/fraud-rules.tsx';
import { OfferDetailPage } from '../../features/offers/components/offer-detail-page.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';

/** /offers/{id}, staff: the offer with its advanced settings, and its fraud rules for staff with fraud. */
export function Component() {
  const { id } = useParams();
  const user = useCurrentUser();
  const permissions = user.assigned_permissions ?? [];
  return (
    <OfferDetailPage
      key={id}
      id={Number(id)}
      canPickAffiliate={permissions.includes('affiliates')}
      fraudRules={permissions.includes('fraud') ? <OfferFraudRules offerId={Number(id)} /> : undefined}
    />
  );
}
