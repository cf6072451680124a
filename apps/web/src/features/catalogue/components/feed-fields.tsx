import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const params = ['updated_since', 'start', 'limit', 'sites'] as const;
const code = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', whiteSpace: 'nowrap' } as const;

/** What a feed answers: its query parameters, caching, and every field of an item. */
export function FeedFields({ fields }: { fields: ReadonlyArray<{ name: string; description: string }> }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('catalogue.feeds.params')}
      </Typography>
      <Table size="small" sx={{ mb: 2 }}>
        <TableBody>
          {params.map((p) => (
            <TableRow key={p}>
              <TableCell sx={code}>{p}</TableCell>
              <TableCell>{t(`catalogue.feeds.paramList.${p}`)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('catalogue.feeds.caching')}
      </Typography>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('catalogue.feeds.fields')}
      </Typography>
      <TableContainer tabIndex={0} role="region" aria-label={t('catalogue.feeds.fieldsLabel')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('catalogue.feeds.field')}</TableCell>
              <TableCell>{t('catalogue.feeds.meaning')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.map((f) => (
              <TableRow key={f.name}>
                <TableCell sx={code}>{f.name}</TableCell>
                <TableCell>{f.description}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
