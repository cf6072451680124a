import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

const ALL = -1;
const pageSizes = [10, 20, 50, 100] as const;

export interface ListPaginationProps {
  total: number;
  page: number;
  /** 0 means All (the API's per_page=all). */
  perPage: number;
  onChange: (page: number, perPage: number) => void;
  /** The page sizes offered (default 10, 20, 50, 100). */
  sizes?: readonly number[];
  /** Offers All as well (default). */
  all?: boolean;
}

/** The foot of a paged list: "Items per page", with an All option unless `all` is false (SPEC.md section 9), and the page. */
export function ListPagination({ total, page, perPage, onChange, sizes = pageSizes, all = true }: ListPaginationProps) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={perPage === 0 ? 0 : Math.max(0, page - 1)}
      rowsPerPage={perPage === 0 ? ALL : perPage}
      rowsPerPageOptions={all ? [...sizes, { label: t('lists.all'), value: ALL }] : [...sizes]}
      labelRowsPerPage={t('lists.itemsPerPage')}
      onPageChange={(_, next) => onChange(next + 1, perPage)}
      onRowsPerPageChange={(e) => {
        const value = Number(e.target.value);
        onChange(1, value === ALL ? 0 : value);
      }}
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap' } }}
    />
  );
}
