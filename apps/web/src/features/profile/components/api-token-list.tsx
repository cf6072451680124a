import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ApiToken } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';

/** The user's tokens: name, scopes, first characters, created, last used; never the token itself. */
export function ApiTokenList({ tokens, onRevoke }: { tokens: ApiToken[] | undefined; onRevoke: (token: ApiToken) => void }) {
  const { t } = useTranslation();
  if (!tokens) return <Skeleton variant="rounded" height={80} />;
  if (!tokens.length) return <Typography color="text.secondary">{t('profile.tokens.none')}</Typography>;
  return (
    <TableContainer tabIndex={0} role="region" aria-label={t('profile.tokens.list')}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('profile.tokens.name')}</TableCell>
            <TableCell>{t('profile.tokens.scopes')}</TableCell>
            <TableCell>{t('profile.tokens.prefix')}</TableCell>
            <TableCell>{t('profile.tokens.createdAt')}</TableCell>
            <TableCell>{t('profile.tokens.lastUsed')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {tokens.map((token) => (
            <TableRow key={token.id}>
              <TableCell>{token.name}</TableCell>
              <TableCell>{token.scopes.join(', ')}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{token.prefix}…</TableCell>
              <TableCell>{formatDate(token.created_at)}</TableCell>
              <TableCell>{token.last_used_at ? formatDate(token.last_used_at) : t('profile.tokens.never')}</TableCell>
              <TableCell align="right">
                <Button size="small" color="error" aria-label={t('profile.tokens.revokeNamed', { name: token.name })} onClick={() => onRevoke(token)}>
                  {t('profile.tokens.revoke')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
