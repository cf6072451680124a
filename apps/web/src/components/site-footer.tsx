import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

// The year is read once per page load; a footer does not need to tick over at midnight.
const year = new Date().getFullYear();

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ py: 3, px: 2, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary">
        {t('footer.rights', { year })}
      </Typography>
    </Box>
  );
}
