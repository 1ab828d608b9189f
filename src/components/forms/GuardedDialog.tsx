// The one guard of every dialog holding a form (#18): Escape or a click outside never throw away
// what was typed without asking. An untouched form closes at once; a dirty one asks "discard
// changes?" first. Cancel is an explicit choice and closes at once; a saved form closes through its
// own `onClose` (no question).
//   - Forms of react-admin/react-hook-form report themselves with <ReportFormDirty /> inside <Form>.
//   - Forms with their own state pass `dirty`.
//   - Cancel buttons inside are <CancelButton> (the one place of the Cancel policy).
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, type DialogProps } from '@mui/material';
import { useFormState } from 'react-hook-form';
import { useTranslate } from 'react-admin';

interface Guard {
  requestClose: () => void;
  reportDirty: (dirty: boolean) => void;
}

const GuardContext = createContext<Guard | null>(null);

export type GuardedDialogProps = Omit<DialogProps, 'open' | 'onClose'> & {
  open?: boolean;
  /** The form's own "something was typed" (forms not of react-hook-form). */
  dirty?: boolean;
  /** While saving nothing closes the dialog. */
  busy?: boolean;
  onClose: () => void;
  children: ReactNode;
};

export function GuardedDialog({ open = true, dirty = false, busy = false, onClose, children, ...props }: GuardedDialogProps) {
  const translate = useTranslate();
  const [reported, setReported] = useState(false);
  const [asking, setAsking] = useState(false);
  const changed = dirty || reported;
  const requestClose = useCallback(() => {
    if (busy) return;
    if (changed) setAsking(true);
    else onClose();
  }, [busy, changed, onClose]);
  return (
    <Dialog open={open} onClose={requestClose} {...props}>
      <GuardContext.Provider value={{ requestClose, reportDirty: setReported }}>{children}</GuardContext.Provider>
      <Dialog open={asking} onClose={() => setAsking(false)} maxWidth="xs" fullWidth aria-labelledby="discard-title" data-testid="discard-changes">
        <DialogTitle id="discard-title">{translate('app.common.discardTitle')}</DialogTitle>
        <DialogContent><DialogContentText>{translate('app.common.discardText')}</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} autoFocus>{translate('app.common.keepEditing')}</Button>
          <Button color="error" onClick={() => { setAsking(false); onClose(); }}>{translate('app.common.discard')}</Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}

/** The close of the dialog around (asks when dirty), or `fallback` outside a GuardedDialog. */
export function useGuardedClose(fallback: () => void): () => void {
  return useContext(GuardContext)?.requestClose ?? fallback;
}

/** Inside a react-admin <Form>: tells the dialog around whether the form has changed. */
export function ReportFormDirty() {
  useReportDirty(useFormState().isDirty);
  return null;
}

/** A part of a dialog with state of its own (an "add" row) tells the dialog around it is dirty. */
export function useReportDirty(dirty: boolean) {
  const report = useContext(GuardContext)?.reportDirty;
  useEffect(() => { report?.(dirty); }, [dirty, report]);
}

/** A dialog form's Cancel: said on purpose, so it closes without asking (Escape and a click outside ask). */
export function CancelButton({ onClose, disabled, children }: { onClose: () => void; disabled?: boolean; children: ReactNode }) {
  return <Button onClick={onClose} disabled={disabled}>{children}</Button>;
}
