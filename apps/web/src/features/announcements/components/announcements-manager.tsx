import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { type Announcement, announcementMessages } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useAnnouncements } from '../api/get-announcements.ts';
import { useDeleteAnnouncement } from '../api/delete-announcement.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { AnnouncementForm } from './announcement-form.tsx';
import { ItemsPerPage } from './items-per-page.tsx';

/** Staff with the announcements permission: the list, create, edit and delete (with confirmation). */
export function AnnouncementsManager() {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, perPage: 10 });
  const list = useAnnouncements(paging.page, paging.perPage);
  const remove = useDeleteAnnouncement();
  const [editing, setEditing] = useState<{ item: Announcement | undefined } | undefined>();
  const [deleting, setDeleting] = useState<Announcement>();
  const rows = list.data?.data ?? [];

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(announcementMessages.deleted);
      setDeleting(undefined);
    } catch (error) {
      notify.error(error instanceof ApiError && error.message ? error.message : t('forms.saveFailure'));
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ item: undefined })}>
          {t('announcements.create')}
        </Button>
      </Stack>
      {list.isError ? <Alert severity="error">{list.error.message}</Alert> : null}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('announcements.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 56 }}>{t('announcements.columns.image')}</TableCell>
              <TableCell>{t('announcements.columns.title')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('announcements.columns.button')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('announcements.columns.created')}</TableCell>
              <TableCell align="right">{t('announcements.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <Avatar variant="rounded" src={row.image?.url} alt="" sx={{ width: 40, height: 40 }}>
                    {row.title.slice(0, 1)}
                  </Avatar>
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.title}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{row.button_text ?? ''}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.created_at)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('announcements.edit')}>
                    <IconButton aria-label={`${t('announcements.edit')}: ${row.title}`} onClick={() => setEditing({ item: row })}>
                      <EditOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('announcements.delete')}>
                    <IconButton aria-label={`${t('announcements.delete')}: ${row.title}`} onClick={() => setDeleting(row)}>
                      <DeleteOutline />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {list.isSuccess && rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>{t('announcements.emptyStaff')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <ItemsPerPage total={list.data?.meta.total ?? 0} page={paging.page} perPage={paging.perPage} onChange={(page, perPage) => setPaging({ page, perPage })} />
      <AnnouncementForm open={editing !== undefined} announcement={editing?.item} onClose={() => setEditing(undefined)} />
      <ConfirmDialog
        open={deleting !== undefined}
        titleId="delete-announcement-title"
        title={t('announcements.deleteTitle')}
        text={t('announcements.deleteText', { title: deleting?.title ?? '' })}
        label={t('announcements.delete')}
        cancelLabel={t('announcements.cancel')}
        color="error"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(undefined)}
      />
    </Stack>
  );
}
