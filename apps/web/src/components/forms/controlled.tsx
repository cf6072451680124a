import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { SelectInput, type SelectInputProps } from './select-input.tsx';

/** The form's control (its values `T`, whatever they turn into on submit) and the field's path. */
type Named<T extends FieldValues, O> = { control: Control<T, unknown, O>; name: Path<T> };

/** A text field of a hand-drawn react-hook-form form (docs/forms.md): value, errors and focus from the form. */
export function FormText<T extends FieldValues, O = T>({ control, name, helperText, onBlur, ...props }: Named<T, O> & Omit<TextFieldProps, 'name' | 'value' | 'error'>) {
  return (
    <Controller
      control={control as unknown as Control<T>}
      name={name}
      render={({ field: { ref, value, onBlur: touched, ...field }, fieldState }) => (
        <TextField
          {...props}
          {...field}
          value={value ?? ''}
          inputRef={ref}
          onBlur={(e) => {
            touched();
            onBlur?.(e);
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

/** A single select of a react-hook-form form; `onPicked` runs after the value is set (to clear what depends on it). */
export function FormSelect<T extends FieldValues, O = T>({
  control,
  name,
  onPicked,
  ...props
}: Named<T, O> & Omit<Extract<SelectInputProps, { multiple?: false }>, 'value' | 'onChange' | 'error' | 'multiple'> & { onPicked?: (value: string | number | null) => void }) {
  return (
    <Controller
      control={control as unknown as Control<T>}
      name={name}
      render={({ field, fieldState }) => (
        <SelectInput
          {...props}
          value={field.value as string | number | null}
          error={fieldState.error?.message}
          onBlur={field.onBlur}
          onChange={(v) => {
            field.onChange(v);
            onPicked?.(v);
          }}
        />
      )}
    />
  );
}
