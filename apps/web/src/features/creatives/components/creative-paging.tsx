import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

export const creativePageSizes = [12, 24, 48, 96] as const;

/** SPEC.md section 9's "Items per page" under a grid of creatives (the API answers up to 100 a page). */
export function CreativePaging({ total, page, perPage, onChange }: { total: number; page: number; perPage: number; onChange: (page: number, perPage: number) => void }) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      rowsPerPage={perPage}
      rowsPerPageOptions={[...creativePageSizes]}
      labelRowsPerPage={t('creatives.itemsPerPage')}
      onPageChange={(_, next) => onChange(next + 1, perPage)}
      onRowsPerPageChange={(e) => onChange(1, Number(e.target.value))}
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
    />
  );
}
