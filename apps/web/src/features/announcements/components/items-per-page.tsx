import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

const ALL = -1;
export const pageSizes = [5, 10, 25, 50] as const;

export interface ItemsPerPageProps {
  total: number;
  page: number;
  /** 0 means All (the API's per_page=all). */
  perPage: number;
  onChange: (page: number, perPage: number) => void;
}

/** SPEC.md section 9: pagination labelled "Items per page", with an All option. */
export function ItemsPerPage({ total, page, perPage, onChange }: ItemsPerPageProps) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={perPage === 0 ? 0 : page - 1}
      rowsPerPage={perPage === 0 ? ALL : perPage}
      rowsPerPageOptions={[...pageSizes, { label: t('announcements.all'), value: ALL }]}
      labelRowsPerPage={t('announcements.itemsPerPage')}
      onPageChange={(_, next) => onChange(next + 1, perPage)}
      onRowsPerPageChange={(e) => {
        const value = Number(e.target.value);
        onChange(1, value === ALL ? 0 : value);
      }}
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0 } }}
    />
  );
}
