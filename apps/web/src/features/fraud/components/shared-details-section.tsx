import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SharedGroup } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListTable } from '../../../components/list-table.tsx';
import { useSharedDetails } from '../api/shared-details.ts';

/**
 * The Fraud screen's "Shared details" (docs/fraud.md): each payout detail, tax number or sign-up
 * address held by two or more affiliates, with those affiliates, each a link to their details.
 */
export function SharedDetailsSection() {
  const { t } = useTranslation();
  const title = t('fraud.shared.title');
  const shared = useSharedDetails();
  const rows = shared.data ?? [];
  return (
    <Stack spacing={1.5} component="section" aria-label={title} sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography color="text.secondary">{t('fraud.shared.intro')}</Typography>
      {shared.isError ? (
        <Alert severity="error">{shared.error.message}</Alert>
      ) : (
        <ListTable label={title} columns={[t('fraud.shared.kind'), t('fraud.shared.affiliates')]} actions={false} count={rows.length} pending={shared.isPending} empty={t('fraud.shared.empty')}>
          {rows.map((group) => (
            <SharedRow key={`${group.kind}-${group.affiliates.map((a) => a.id).join('-')}`} group={group} />
          ))}
        </ListTable>
      )}
    </Stack>
  );
}

function SharedRow({ group }: { group: SharedGroup }) {
  const { t } = useTranslation();
  return (
    <TableRow>
      <TableCell>{t(`fraud.shared.kinds.${group.kind}`)}</TableCell>
      <TableCell sx={{ whiteSpace: 'normal' }}>
        <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {group.affiliates.map((a) => (
            <li key={a.id}>
              <Link component={RouterLink} to={`/profile?user=${a.id}&id=${a.id}`}>
                {a.name}
              </Link>
              <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                {a.email}
              </Typography>
            </li>
          ))}
        </Stack>
      </TableCell>
    </TableRow>
  );
}
