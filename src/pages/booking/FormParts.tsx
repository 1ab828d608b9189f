// The layout pieces the single and the multi-session booking forms share: a titled section of
// fields, the grey summary box under them, and the action bar (the "fill in the required fields"
// hint, Cancel, and the save button with its progress).
import type { ReactNode } from 'react';
import { Box, Button, CircularProgress, DialogActions, Grid, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CancelButton } from '../../components/forms/GuardedDialog';
import { ActionBarHint } from '../../components/forms/ActionBarHint';

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1 }}>
      <Typography component="legend" variant="overline" color="text.secondary" sx={{ lineHeight: 2 }}>{title}</Typography>
      <Grid container columnSpacing={2}>{children}</Grid>
    </Box>
  );
}

export function FormSummary({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Box sx={{ bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid={testId}>
      {children}
    </Box>
  );
}

export function FormActions({ invalid, saving, saveDisabled, editing, onClose, onSave, hintTestId, saveTestId, hint, secondary, onBlocked }: {
  /** Shows the hint that required fields are missing. */
  invalid: boolean;
  saving: boolean;
  saveDisabled: boolean;
  editing: boolean;
  onClose: () => void;
  onSave: () => void;
  hintTestId: string;
  saveTestId: string;
  /** What the hint says instead of the general words (#30: the fields still to fill, by name). */
  hint?: string;
  /** Another way to save, beside the save button (#30: "Book and pay"). */
  secondary?: ReactNode;
  /** A press on the disabled save (#30: the form then marks every field still to fill). */
  onBlocked?: () => void;
}) {
  const translate = useTranslate();
  return (
    <DialogActions sx={{ px: 3, py: 1.5 }}>
      {invalid && (
        <ActionBarHint testId={hintTestId}>{hint ?? translate('app.booking.form.fillRequired')}</ActionBarHint>
      )}
      <CancelButton onClose={onClose} disabled={saving}>{translate('app.common.cancel')}</CancelButton>
      {/* A disabled button gets no clicks: its wrapper hears the press. */}
      <span onPointerDown={saveDisabled ? onBlocked : undefined} data-testid={`${saveTestId}-wrap`}>
        <Button variant="contained" onClick={onSave} disabled={saveDisabled} data-testid={saveTestId}>
          {saving && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
          {translate(editing ? 'app.common.save' : 'app.booking.form.book')}
        </Button>
      </span>
      {secondary}
    </DialogActions>
  );
}
