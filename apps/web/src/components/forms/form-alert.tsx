import Alert from '@mui/material/Alert';

/** The form-level message of a failed submit (what did not land on a field). */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  );
}
