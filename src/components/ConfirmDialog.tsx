// A yes/no question before a destructive action (the specs' confirmations). "Yes" waits for the
// action and stays disabled meanwhile, so a double click sends one call.
import { useState, type ReactNode } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

export function ConfirmDialog({ open, title, text, children, onConfirm, onClose, confirmDisabled = false, dirty = false }: {
  open: boolean;
  /** Fields of the question (a reason, a reference), below its text. */
  children?: ReactNode;
  /** Something typed in its fields: Escape and a click outside do not close it, only "No" does. */
  dirty?: boolean;
  /** "Yes" waits (e.g. for what the question offers to be read). */
  confirmDisabled?: boolean;
  title: string;
  text?: ReactNode;
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy || dirty ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="confirm-title">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      {(text || children) && (
        <DialogContent>
          {text && <DialogContentText component="div">{text}</DialogContentText>}
          {children}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{translate('app.common.no')}</Button>
        <Button onClick={confirm} disabled={busy || confirmDisabled} variant="contained" color="error" autoFocus>
          {busy && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
          {translate('app.common.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
