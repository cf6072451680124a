import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { PASSWORD_MAX } from '@portal/contracts';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type PasswordInputProps = Omit<TextFieldProps, 'type'> & { ref?: Ref<HTMLInputElement> };

/**
 * Password field of SPEC.md section 4 and 9: masked, shown via a toggle, at most 32 characters.
 * Works as a controlled field or with react-hook-form's `register` (the ref reaches the input).
 */
export function PasswordInput({ ref, slotProps, autoComplete = 'current-password', ...props }: PasswordInputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const inputSlot = typeof slotProps?.input === 'object' ? slotProps.input : {};
  const htmlInputSlot = typeof slotProps?.htmlInput === 'object' ? slotProps.htmlInput : {};
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      inputRef={ref}
      slotProps={{
        ...slotProps,
        htmlInput: { maxLength: PASSWORD_MAX, ...htmlInputSlot },
        input: {
          ...inputSlot,
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? t('passwordInput.hide') : t('passwordInput.show')}
                aria-pressed={shown}
                onClick={() => setShown((v) => !v)}
                onMouseDown={(e) => e.preventDefault()}
                edge="end"
                size="small"
              >
                {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
