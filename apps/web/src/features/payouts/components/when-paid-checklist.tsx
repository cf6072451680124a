import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import Event from '@mui/icons-material/EventOutlined';
import Schedule from '@mui/icons-material/ScheduleOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { WhenPaid } from '@portal/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { QueryCard } from '../../../components/query-card.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useWhenPaid } from '../api/get-when-paid.ts';

type State = 'done' | 'todo' | 'wait' | 'next';
const icons: Record<State, ReactNode> = {
  done: <CheckCircle color="success" fontSize="small" />,
  todo: <ErrorOutline color="warning" fontSize="small" />,
  wait: <Schedule color="info" fontSize="small" />,
  next: <Event color="primary" fontSize="small" />,
};

interface Item {
  key: string;
  state: State;
  text: string;
  link?: string | undefined;
  /** A line under the one before (a release date under the hold). */
  sub?: boolean;
}

/** The checklist's lines, in the order a payout needs them: the minimum, the hold, the profile, then the date. */
export function checklistItems(data: WhenPaid, t: TFunction): Item[] {
  const items: Item[] = [];
  if (!data.method_name) items.push({ key: 'method', state: 'todo', text: t('payments.checklist.noMethod'), link: '/profile?tab=billing' });
  else {
    const values = { balance: formatMoney(data.balance), minimum: formatMoney(data.minimum), method: data.method_name };
    items.push(
      data.reaches_minimum
        ? { key: 'minimum', state: 'done', text: t('payments.checklist.minimumReached', values) }
        : { key: 'minimum', state: 'todo', text: t('payments.checklist.minimumShort', { ...values, missing: formatMoney(Math.max(0, Math.round((data.minimum - data.balance) * 100)) / 100) }) },
    );
  }
  // Chargebacks lengthen the hold (Fraud settings' risk holds): said before what the hold keeps.
  if (data.risk_hold_days > 0) items.push({ key: 'risk-hold', state: 'wait', text: t('payments.checklist.riskHold', { extra: data.risk_hold_days, days: data.hold_days }) });
  // The hold is rolling: each day's earnings are released on their own date, for the next payout or a later one.
  if (data.releases.length === 0) items.push({ key: 'hold', state: 'done', text: t('payments.checklist.nothingHeld') });
  else {
    items.push({ key: 'hold', state: 'wait', text: t('payments.checklist.held', { amount: formatMoney(data.pending_hold), days: data.hold_days }) });
    for (const [i, r] of data.releases.entries()) {
      const values = { amount: formatMoney(r.amount), date: formatDate(r.date) };
      items.push({ key: `release-${i}`, state: 'wait', sub: true, text: t(r.next_payout ? 'payments.checklist.releaseNext' : 'payments.checklist.releaseLater', values) });
    }
  }
  // No method chosen is one cause with one line: the billing issue it raises is that same cause.
  const issues = data.method_name ? data.issues : data.issues.filter((i) => i.code !== 'billing_account_incomplete');
  if (data.issues.length === 0) items.push({ key: 'eligible', state: 'done', text: t('payments.checklist.eligible') });
  for (const issue of issues) items.push({ key: issue.code, state: 'todo', text: t('payments.checklist.issue', { issue: t(`shell.issues.${issue.code}`) }), link: issue.link });
  items.push(
    data.projected
      ? { key: 'next', state: 'next', text: t('payments.checklist.next', { amount: formatMoney(data.projected.amount), date: formatDate(data.projected.date) }) }
      : { key: 'next', state: 'wait', text: t('payments.checklist.noNext', { date: formatDate(data.next_close.date) }) },
  );
  return items;
}

/** "When am I paid?": one checklist on the dashboard and /payments, computed by the server's period-close code. */
export function WhenPaidChecklist() {
  const { t } = useTranslation();
  const query = useWhenPaid();
  return (
    <QueryCard id="when-paid" title={t('payments.checklist.title')} query={query} loadError={t('payments.checklist.loadError')}>
      {(data) => (
        <List dense disablePadding data-testid="when-paid">
          {checklistItems(data, t).map((item) => (
            <ListItem
              key={item.key}
              disableGutters
              data-state={item.state}
              secondaryAction={
                item.link ? (
                  <Button size="small" component={RouterLink} to={item.link}>
                    {t('payments.checklist.fix')}
                  </Button>
                ) : undefined
              }
              sx={{ pr: item.link ? 9 : 0, pl: item.sub ? 4 : 0, py: item.sub ? 0 : undefined, alignItems: 'flex-start' }}
            >
              {item.sub ? null : <ListItemIcon sx={{ minWidth: 32, mt: 0.75 }}>{icons[item.state]}</ListItemIcon>}
              <ListItemText primary={item.text} slotProps={item.sub ? { primary: { variant: 'body2', color: 'text.secondary' } } : undefined} sx={item.sub ? { my: 0.25 } : undefined} />
            </ListItem>
          ))}
        </List>
      )}
    </QueryCard>
  );
}
