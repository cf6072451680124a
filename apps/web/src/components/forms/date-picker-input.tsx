import { DATE_DISPLAY_FORMAT } from '@portal/contracts';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';

/** Dates travel as 'YYYY-MM-DD' (a calendar day, no time zone to shift it). */
const WIRE_FORMAT = 'YYYY-MM-DD';

export interface DatePickerInputProps {
  label: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  clearable?: boolean;
  disabled?: boolean;
  required?: boolean;
  error?: string | undefined;
  helperText?: string | undefined;
  id?: string;
  minDate?: string;
  maxDate?: string;
  onBlur?: () => void;
  size?: 'small' | 'medium';
}

/** Date picker showing dates as "MMM D, YYYY" (SPEC.md section 5). */
export function DatePickerInput({ label, value, onChange, clearable, disabled, required, error, helperText, id, minDate, maxDate, onBlur, size }: DatePickerInputProps) {
  const parsed = value ? dayjs(value, WIRE_FORMAT) : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DatePicker
        label={label}
        format={DATE_DISPLAY_FORMAT}
        value={parsed?.isValid() ? parsed : null}
        onChange={(d) => onChange(d?.isValid() ? d.format(WIRE_FORMAT) : null)}
        disabled={disabled}
        {...(minDate ? { minDate: dayjs(minDate) } : {})}
        {...(maxDate ? { maxDate: dayjs(maxDate) } : {})}
        slotProps={{
          field: { clearable: clearable ?? false, onBlur, shouldRespectLeadingZeros: true },
          textField: { id, required, error: Boolean(error), helperText: error ?? helperText, fullWidth: true, ...(size ? { size } : {}) },
        }}
      />
    </LocalizationProvider>
  );
}
