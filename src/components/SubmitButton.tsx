// A form's submit button: disabled while the form is invalid or being sent (the specs' rule).
import { Button, CircularProgress, type ButtonProps } from '@mui/material';
import { useFormState } from 'react-hook-form';

export function SubmitButton({ children, busy, ...props }: ButtonProps & { busy?: boolean }) {
  const { isValid, isSubmitting } = useFormState();
  const sending = busy || isSubmitting;
  return (
    <Button type="submit" variant="contained" disabled={!isValid || sending} {...props}>
      {sending ? <CircularProgress size={20} color="inherit" sx={{ mr: 1 }} /> : null}
      {children}
    </Button>
  );
}
