import Add from '@mui/icons-material/Add';
import Download from '@mui/icons-material/Download';
import { type AffiliateListItem, type AffiliatesQuery, affiliateStatuses, legalFormStatuses } from '@portal/contracts';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListSearch } from '../../../components/list-search.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { alertError } from '../../../lib/api-client.ts';
import { affiliatesQueryKey, downloadAffiliatesCsv, useAffiliates, useManagers, useTiers } from '../api/get-affiliates.ts';
import { LoginAsDialog, ManagerDialog, OfferRewardDialog, RejectDialog, TierDialog } from './affiliate-dialogs.tsx';
import { AffiliateFormDialog } from './affiliate-form-dialog.tsx';
import { BulkBar } from './bulk-bar.tsx';
import { type AffiliateDialog, RowMenu } from './row-menu.tsx';
import { DISPLAY_TIME_ZONE } from '../../../lib/format.ts';

export interface AffiliatesListProps {
  /** Opens the affiliate's session in a new tab (the session feature's login-as). */
  openSession: (affiliateId: number, how: { reason: string; with_changes: boolean }) => Promise<'opened' | 'blocked'>;
  /** The Bonus dialog (the bonus feature's). */
  renderBonus?: (affiliate: { id: number; name: string; email: string }, onClose: () => void) => ReactNode;
}

const queryKeys = ['search', 'status', 'tier_id', 'manager_id', 'country', 'legal_form_status', 'revshare_paused', 'terms', 'sort', 'order'] as const;

function queryOf(params: URLSearchParams): AffiliatesQuery {
  const q: Record<string, unknown> = {};
  for (const key of queryKeys) {
    const v = params.get(key);
    if (v) q[key] = v;
  }
  const perPage = params.get('per_page');
  return { ...(q as AffiliatesQuery), page: Math.max(1, Number(params.get('page')) || 1), per_page: perPage === 'all' ? 'all' : Number(perPage) || 20 };
}

function paramsOf(q: AffiliatesQuery): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '' && !(k === 'page' && v === 1) && !(k === 'per_page' && v === 20)) out.set(k, String(v));
  return out;
}

/** The W9/W8 column's chip: the same state as the filter, the profile issues and the payout hold. */
const legalFormColor = { accepted: 'success', pending: 'warning', not_uploaded: 'error', declined: 'error', n_a: 'default' } as const;

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: DISPLAY_TIME_ZONE });

/** /affiliates: the server-side list with filters, sort, pages, CSV, row actions, dialogs and bulk actions. */
export function AffiliatesList({ openSession, renderBonus }: AffiliatesListProps) {
  const { t } = useTranslation();
  // The filters live in the address, so Affiliate Details' Go back returns to the same list.
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const setQuery = (next: (q: AffiliatesQuery) => AffiliatesQuery) => setParams(paramsOf(next(queryOf(params))), { replace: true });
  const list = useAffiliates(query);
  const tiers = useTiers();
  const managers = useManagers();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<{ dialog: AffiliateDialog | 'create'; affiliate?: AffiliateListItem }>();
  const set = (patch: Partial<AffiliatesQuery>) => setQuery((q) => ({ ...q, page: 1, ...patch }));
  const rows = list.data?.data ?? [];
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: number) => setSelected((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  const queryClient = useQueryClient();
  const close = () => setOpen(undefined);
  // The bonus dialog belongs to the bonus feature; the balances it changes are this list's.
  const closeBonus = () => {
    close();
    void queryClient.invalidateQueries({ queryKey: affiliatesQueryKey });
  };
  // Wide enough for its label beside the arrow (the W9/W8 label is the longest).
  const filter = (name: keyof AffiliatesQuery, label: string, options: Array<[string, string]>, minWidth = 150) => (
    <TextField select size="small" label={label} value={String(query[name] ?? '')} onChange={(e) => set({ [name]: e.target.value || undefined })} sx={{ minWidth }}>
      <MenuItem value="">{t('auth.affiliates.any')}</MenuItem>
      {options.map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
  const a = open?.affiliate;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <ListSearch id="affiliates-search" value={query.search} onSearch={(text) => set({ search: text.trim() || undefined })} label={t('auth.affiliates.search')} />
        {filter('status', t('auth.affiliates.status'), affiliateStatuses.map((s) => [s, t(`auth.affiliates.statuses.${s}`)]))}
        {filter('tier_id', t('auth.affiliates.tier'), (tiers.data ?? []).map((tier) => [String(tier.id), tier.name]))}
        {filter('manager_id', t('auth.affiliates.manager'), [['none', t('auth.affiliates.noManager')], ...(managers.data ?? []).map((m): [string, string] => [String(m.id), m.name])])}
        {filter('legal_form_status', t('auth.affiliates.taxFormStatus'), legalFormStatuses.map((s) => [s, t(`auth.affiliates.legalForm.${s}`)]), 180)}
        {filter('revshare_paused', t('auth.affiliates.revshare'), [['true', t('auth.affiliates.revsharePaused')], ['false', t('auth.affiliates.revshareOn')]])}
        {filter('terms', t('auth.affiliates.terms'), [['current', t('auth.affiliates.termsCurrent')], ['outdated', t('auth.affiliates.termsOutdated')]], 190)}
        <TextField size="small" label={t('auth.affiliates.country')} value={query.country ?? ''} onChange={(e) => set({ country: /^[A-Za-z]{2}$/.test(e.target.value) ? e.target.value.toUpperCase() : undefined })} slotProps={{ htmlInput: { maxLength: 2 } }} sx={{ width: 110 }} />
        <Button startIcon={<Download />} onClick={() => void downloadAffiliatesCsv(query).catch(alertError)}>
          {t('auth.affiliates.exportCsv')}
        </Button>
        <Button variant="contained" startIcon={<Add />} onClick={() => setOpen({ dialog: 'create' })}>
          {t('auth.affiliates.create')}
        </Button>
      </Stack>
      {selected.size ? <BulkBar ids={[...selected]} names={names} onDone={() => setSelected(new Set())} /> : null}
      <ListTable
        label={t('auth.affiliates.tableLabel')}
        // Fixed widths at full width: a long name, email or chip wraps or ends in an ellipsis in its own
        // cell, so the W9/W8 column never slides under the pinned Actions whatever the fonts (1440 px
        // leaves about 1300 px for the table). Email takes what the others leave.
        columns={[
          { label: t('auth.affiliates.name'), sort: 'name', width: '7%' },
          { label: t('auth.affiliates.email'), sort: 'email' },
          { label: t('auth.affiliates.tier'), sort: 'tier', width: '6.5%' },
          { label: t('auth.affiliates.manager'), sort: 'manager', width: '8%' },
          { label: t('auth.affiliates.country'), sort: 'country', width: '7.5%' },
          { label: t('auth.affiliates.created'), sort: 'created_at', width: '7.5%' },
          { label: t('auth.affiliates.balance'), sort: 'balance', align: 'right', width: '7.5%' },
          { label: t('auth.affiliates.monthEarnings'), sort: 'month_earnings', align: 'right', width: '8%' },
          { label: t('auth.affiliates.status'), sort: 'status', width: '12%' },
          { label: t('auth.affiliates.taxFormStatus'), width: '9.5%' },
          { label: t('auth.affiliates.actions'), width: '72px' },
        ]}
        fit={1220}
        select={<Checkbox checked={allChecked} indeterminate={!allChecked && rows.some((r) => selected.has(r.id))} onChange={() => setSelected(allChecked ? new Set() : new Set(rows.map((r) => r.id)))} slotProps={{ input: { 'aria-label': t('auth.affiliates.selectAll') } }} />}
        compact
        count={rows.length}
        pending={!list.isSuccess}
        empty={t('auth.affiliates.empty')}
        sorting={{ sort: query.sort, order: query.order, onSort: (sort) => setQuery((q) => ({ ...q, sort: sort as AffiliatesQuery['sort'], order: q.sort === sort && q.order !== 'desc' ? 'desc' : 'asc' })) }}
        paging={{
          total: list.data?.meta.total ?? 0,
          page: Number(query.page ?? 1),
          perPage: query.per_page === 'all' ? 0 : Number(query.per_page ?? 20),
          onChange: (page, perPage) => setQuery((q) => ({ ...q, page, per_page: perPage === 0 ? 'all' : perPage })),
        }}
      >
        {rows.map((row) => (
          <TableRow key={row.id} hover>
            <TableCell padding="checkbox">
              <Checkbox checked={selected.has(row.id)} onChange={() => toggle(row.id)} slotProps={{ input: { 'aria-label': `${t('auth.affiliates.select')} ${row.email}` } }} />
            </TableCell>
            <TableCell>{row.name}</TableCell>
            {/* One line: a long address ends in an ellipsis (whole on hover) instead of breaking mid-word. */}
            <TableCell title={row.email} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {row.email}
            </TableCell>
            <TableCell>{row.tier?.name ?? ''}</TableCell>
            <TableCell>{row.manager?.name ?? ''}</TableCell>
            <TableCell>{row.country}</TableCell>
            <TableCell>{date.format(new Date(row.created_at))}</TableCell>
            <TableCell align="right">{money.format(row.balance)}</TableCell>
            <TableCell align="right">{money.format(row.month_earnings)}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Chip size="small" color={row.status === 'active' ? 'success' : row.status === 'pending' ? 'warning' : 'default'} label={t(`auth.affiliates.statuses.${row.status}`)} />
                {row.revshare_paused ? <Chip size="small" variant="outlined" label={t('auth.affiliates.revsharePaused')} /> : null}
              </Stack>
            </TableCell>
            <TableCell>
              <Chip size="small" variant="outlined" color={legalFormColor[row.legal_form_status]} label={t(`auth.affiliates.legalForm.${row.legal_form_status}`)} />
            </TableCell>
            <TableCell align="right">
              <RowMenu affiliate={row} onDialog={(dialog) => setOpen({ dialog, affiliate: row })} />
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      {open?.dialog === 'create' ? <AffiliateFormDialog onClose={close} /> : null}
      {a && open?.dialog === 'edit' ? <AffiliateFormDialog affiliate={a} onClose={close} /> : null}
      {a && open?.dialog === 'manager' ? <ManagerDialog affiliate={a} onClose={close} /> : null}
      {a && open?.dialog === 'tier' ? <TierDialog affiliate={a} onClose={close} /> : null}
      {a && open?.dialog === 'offerReward' ? <OfferRewardDialog affiliate={a} onClose={close} /> : null}
      {a && open?.dialog === 'reject' ? <RejectDialog affiliate={a} onClose={close} /> : null}
      {a && open?.dialog === 'loginAs' ? <LoginAsDialog affiliate={a} onClose={close} openSession={openSession} /> : null}
      {a && open?.dialog === 'bonus' ? renderBonus?.(a, closeBonus) : null}
    </Stack>
  );
}
