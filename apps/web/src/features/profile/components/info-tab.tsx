import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserProfile } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { Target } from '../api/profile-of.ts';
import { AvatarField } from './avatar-field.tsx';
import { InfoForm, StaffNameForm } from './info-form.tsx';
import { AppealForm, ReviewNotice } from './review-notice.tsx';

/** Profile > Info: avatar, the review of the details (affiliates), the manager, and the details themselves. */
export function InfoTab({ user, userId }: { user: UserProfile; userId: Target }) {
  const { t } = useTranslation();
  const ownAffiliate = user.is_client && userId === undefined;
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" component="section" aria-labelledby="info-heading" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          <Typography id="info-heading" variant="h5" component="h2">
            {!user.is_client ? t('profile.info.staffHeading') : userId === undefined ? t('profile.info.heading') : t('profile.staffView.heading')}
          </Typography>
          <AvatarField user={user} userId={userId} />
          {ownAffiliate && user.info_review ? <ReviewNotice review={user.info_review} /> : null}
          {user.is_client ? <InfoForm user={user} userId={userId} key={`${user.id}`} /> : <StaffNameForm user={user} />}
          {ownAffiliate && user.info_review?.status === 'rejected' ? <AppealForm /> : null}
        </Stack>
      </Paper>
      {ownAffiliate ? <ManagerCard manager={user.manager ?? null} /> : null}
    </Stack>
  );
}

function ManagerCard({ manager }: { manager: NonNullable<UserProfile['manager']> | null }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="manager-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="manager-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('profile.manager.heading')}
      </Typography>
      {manager ? (
        <>
          <Typography sx={{ fontWeight: 600 }}>{manager.name}</Typography>
          <Link href={`mailto:${manager.email}`}>{manager.email}</Link>
        </>
      ) : (
        <Typography color="text.secondary">{t('profile.manager.none')}</Typography>
      )}
    </Paper>
  );
}
