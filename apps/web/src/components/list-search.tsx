import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A list's search box: asks the server once typing pauses (300 ms). */
export function ListSearch({ id, value, onSearch, label }: { id: string; value: string | undefined; onSearch: (text: string) => void; label?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  }, [onSearch]);
  useEffect(() => {
    if (text.trim() === (value ?? '')) return undefined;
    const timer = setTimeout(() => latest.current(text), 300);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <TextField
      id={id}
      size="small"
      type="search"
      label={label ?? t('lists.search')}
      value={text}
      onChange={(e) => setText(e.target.value)}
      slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
      sx={{ minWidth: { sm: 240 } }}
    />
  );
}
