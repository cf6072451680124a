import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type UserProfile, uploadRules } from '@portal/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptAttribute, fileMeetsRule } from '../../../components/forms/upload-checks.ts';
import { initials } from '../../../lib/initials.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useAvatar } from '../api/avatar.ts';
import type { Target } from '../api/profile-of.ts';

/** The avatar with the initials fallback; a new image is checked here by name and size, by the server by content. */
export function AvatarField({ user, userId }: { user: Pick<UserProfile, 'name' | 'avatar'>; userId: Target }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { upload, remove } = useAvatar(userId);
  const onPick = (file: File | undefined) => {
    if (!file) return;
    if (!fileMeetsRule(file, uploadRules.image)) {
      notify.error(t('profile.avatar.requirements'));
      return;
    }
    upload.mutate(file, { onSuccess: () => notify.success(t('profile.info.saved')), onError: () => notify.error(t('profile.avatar.notUpdated')) });
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Avatar src={user.avatar?.url ?? undefined} alt={user.avatar ? user.name : undefined} sx={{ width: 72, height: 72, fontSize: 26, fontWeight: 600, bgcolor: 'primary.dark', color: 'common.white' }}>
        {initials(user.name)}
      </Avatar>
      <Stack spacing={0.5}>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" size="small" loading={upload.isPending} onClick={() => input.current?.click()}>
            {t('profile.avatar.change')}
          </Button>
          {user.avatar ? (
            <Button size="small" color="inherit" loading={remove.isPending} onClick={() => remove.mutate(undefined, { onError: () => notify.error(t('profile.avatar.notUpdated')) })}>
              {t('profile.avatar.remove')}
            </Button>
          ) : null}
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {t('profile.avatar.hint')}
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={t('profile.avatar.label')}
        accept={acceptAttribute(uploadRules.image)}
        onChange={(e) => {
          onPick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </Stack>
  );
}
