import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BonusDialog } from './bonus-dialog.tsx';

/** The affiliates list's Bonus action: opens the Bonus dialog for that affiliate. */
export function BonusButton({ affiliate }: { affiliate: { id: number; name: string; email: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={`${t('bonus.open')} ${affiliate.email}`}>
        {t('bonus.open')}
      </Button>
      {open ? <BonusDialog affiliate={affiliate} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
