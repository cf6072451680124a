import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Send from '@mui/icons-material/SendOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Postback, postbackMessages, type PostbackTestResult } from '@portal/contracts';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table.tsx';
import { useTranslation } from 'react-i18next';
import { alertError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useDeletePostback } from '../api/delete-postback.ts';
import { useOffers } from '../../../lib/queries/get-offers.ts';
import { usePostbacks } from '../api/get-postbacks.ts';
import { useTestPostback } from '../api/test-postback.ts';
import { DeliveriesLog } from './deliveries-log.tsx';
import { PostbackForm } from './postback-form.tsx';
import { PostbackTestDialog } from './postback-test-dialog.tsx';

/** The Postbacks tab: the affiliate's postbacks with create, edit, delete and Send test, and the delivery log. */
export function PostbacksTab() {
  const { t } = useTranslation();
  const list = usePostbacks();
  const offers = useOffers(undefined);
  const remove = useDeletePostback();
  const test = useTestPostback();
  const [editing, setEditing] = useState<{ item: Postback | undefined }>();
  const [deleting, setDeleting] = useState<Postback>();
  const [testResult, setTestResult] = useState<PostbackTestResult>();
  const [testing, setTesting] = useState<number>();
  const rows = list.data?.data ?? [];
  const offerName = (id: number | null) => offers.data?.find((o) => o.id === id)?.name ?? `#${id}`;

  const sendTest = async (p: Postback) => {
    setTesting(p.id);
    try {
      setTestResult(await test.mutateAsync(p.id));
    } catch (error) {
      alertError(error);
    } finally {
      setTesting(undefined);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.success(postbackMessages.deleted);
      setDeleting(undefined);
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <Stack spacing={2.5} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Typography color="text.secondary">{t('offers.postbacks.intro')}</Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ item: undefined })} sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', md: 'auto' } }}>
          {t('offers.postbacks.create')}
        </Button>
      </Stack>
      <ListTable label={t('offers.postbacks.tableLabel')} columns={[t('offers.postbacks.goal'), t('offers.postbacks.type'), t('offers.postbacks.method'), t('offers.postbacks.url'), t('offers.actions')]} count={rows.length} pending={list.isPending} empty={t('offers.postbacks.empty')}>
        {rows.map((p) => (
          <TableRow key={p.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`offers.postbacks.goals.${p.goal}`)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{p.type === 'offer' ? offerName(p.offer_id) : t('offers.postbacks.types.global')}</TableCell>
            <TableCell>{p.method}</TableCell>
            <TableCell sx={{ maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontFamily: 'monospace' }} title={p.url}>
              {p.url}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Button size="small" startIcon={<Send />} onClick={() => void sendTest(p)} loading={testing === p.id}>
                {t('offers.postbacks.sendTest')}
              </Button>
              <Tooltip title={t('offers.edit')}>
                <IconButton aria-label={t('offers.edit')} onClick={() => setEditing({ item: p })}>
                  <EditOutlined />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('offers.delete')}>
                <IconButton aria-label={t('offers.delete')} onClick={() => setDeleting(p)}>
                  <DeleteOutline />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      <DeliveriesLog />
      {editing ? <PostbackForm key={editing.item?.id ?? 'new'} postback={editing.item} onClose={() => setEditing(undefined)} /> : null}
      {testResult ? <PostbackTestDialog result={testResult} onClose={() => setTestResult(undefined)} /> : null}
      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(undefined)} aria-labelledby="postback-delete-title">
        <DialogTitle id="postback-delete-title">{t('offers.postbacks.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{t('offers.postbacks.deleteText', { url: deleting?.url ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(undefined)}>{t('offers.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => void confirmDelete()} loading={remove.isPending}>
            {t('offers.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
