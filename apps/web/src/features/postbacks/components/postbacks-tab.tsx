import Send from '@mui/icons-material/SendOutlined';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type Postback, postbackMessages, type PostbackTestResult } from '@portal/contracts';
import { useState } from 'react';
import { ListPage, useListPage } from '../../../components/list-page.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { mutateAndNotify } from '../../../lib/mutate-and-notify.ts';
import { useTranslation } from 'react-i18next';
import { alertError } from '../../../lib/api-client.ts';
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
  const page = useListPage<Postback>();
  const list = usePostbacks();
  const offers = useOffers(undefined);
  const remove = useDeletePostback();
  const test = useTestPostback();
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

  const deletePostback = (p: Postback) => mutateAndNotify(() => remove.mutateAsync(p.id), postbackMessages.deleted);

  return (
    <ListPage<Postback>
      state={page}
      spacing={2.5}
      toolbar={<Typography color="text.secondary">{t('offers.postbacks.intro')}</Typography>}
      newLabel={t('offers.postbacks.create')}
      renderForm={(postback, close) => <PostbackForm key={postback?.id ?? 'new'} postback={postback} onClose={close} />}
      confirm={{
        titleId: 'postback-delete-title',
        title: () => t('offers.postbacks.deleteTitle'),
        text: (p) => t('offers.postbacks.deleteText', { url: p?.url ?? '' }),
        label: t('offers.delete'),
        cancelLabel: t('offers.cancel'),
        color: 'error',
        pending: remove.isPending,
        run: deletePostback,
      }}
      after={<DeliveriesLog />}
      dialogs={testResult ? <PostbackTestDialog result={testResult} onClose={() => setTestResult(undefined)} /> : null}
    >
      <ListTable label={t('offers.postbacks.tableLabel')} columns={[t('offers.postbacks.goal'), t('offers.postbacks.type'), t('offers.postbacks.method'), t('offers.postbacks.url'), t('offers.actions')]} count={rows.length} pending={list.isPending} empty={t('offers.postbacks.empty')}>
        {rows.map((p) => (
          <TableRow key={p.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`offers.postbacks.goals.${p.goal}`)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{p.type === 'offer' ? offerName(p.offer_id) : t('offers.postbacks.types.global')}</TableCell>
            <TableCell>{p.method}</TableCell>
            <TableCell sx={{ maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontFamily: 'monospace' }} title={p.url}>
              {p.url}
            </TableCell>
            <RowActions edit={{ label: t('offers.edit'), onClick: () => page.edit(p) }} remove={{ label: t('offers.delete'), onClick: () => page.confirm(p) }}>
              <Button size="small" startIcon={<Send />} onClick={() => void sendTest(p)} loading={testing === p.id}>
                {t('offers.postbacks.sendTest')}
              </Button>
            </RowActions>
          </TableRow>
        ))}
      </ListTable>
    </ListPage>
  );
}
