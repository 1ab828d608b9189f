// The one guard of every dialog holding a form (#18): Escape or a click outside never throw away
// what was typed without asking. An untouched form closes at once; a dirty one asks "discard
// changes?" first. Cancel is an explicit choice and closes at once; a saved form closes through its
// own `onClose` (no question).
//   - Forms of react-admin/react-hook-form report themselves with <ReportFormDirty /> inside <Form>.
//   - Forms with their own state pass `dirty`.
//   - Cancel buttons inside are <CancelButton> (the one place of the Cancel policy).
// The browser's Back over an open dialog does what Escape does (#30): it closes an untouched dialog
// and asks over a dirty one; the page's address stays.
// A page holding a form (the schedule editor, a single record's form) asks the same question before
// a link, Back or a tab of the page leaves it dirty (useLeaveGuard), and the browser's own before a
// reload or a closed tab. Both go through the app's one navigation blocker (leaveGuards.tsx).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useRegisterGuard } from './leaveGuards';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, type DialogProps } from '@mui/material';
import { useFormContext, useFormState } from 'react-hook-form';
import { useTranslate } from 'react-admin';

interface Guard {
  reportDirty: (dirty: boolean) => void;
  /** A form's own "changed now?", asked at the moment of closing (see ReportFormDirty). */
  probes: Set<() => boolean>;
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
  const [reported, setReported] = useState(false);
  const [asking, setAsking] = useState(false);
  const probes = useRef(new Set<() => boolean>()).current;
  const guard = useMemo(() => ({ reportDirty: setReported, probes }), [probes]);
  const changed = dirty || reported;
  const requestClose = useCallback(() => {
    if (busy) return;
    // The reported state trails the typing by a render or two; a key pressed right after a keystroke
    // (a fast cashier, a busy machine) must still ask, so the forms are asked too.
    if (changed || [...probes].some((changedNow) => changedNow())) setAsking(true);
    else onClose();
  }, [busy, changed, onClose, probes]);
  // A reload or a closed tab over a half-filled form gets the browser's own question (#30).
  useEffect(() => {
    if (!open || !changed) return undefined;
    const warn = (e: BeforeUnloadEvent) => { e.preventDefault(); };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [open, changed]);
  useRegisterGuard(open, { back: requestClose });
  return (
    <Dialog open={open} onClose={requestClose} {...props}>
      <GuardContext.Provider value={guard}>{children}</GuardContext.Provider>
      <DiscardQuestion open={asking} onKeep={() => setAsking(false)} onDiscard={() => { setAsking(false); onClose(); }} />
    </Dialog>
  );
}

/** "Discard changes?": keep editing (the default) or discard. */
function DiscardQuestion({ open, onKeep, onDiscard }: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onKeep} maxWidth="xs" fullWidth aria-labelledby="discard-title" data-testid="discard-changes">
      <DialogTitle id="discard-title">{translate('app.common.discardTitle')}</DialogTitle>
      <DialogContent><DialogContentText>{translate('app.common.discardText')}</DialogContentText></DialogContent>
      <DialogActions>
        <Button onClick={onKeep} autoFocus>{translate('app.common.keepEditing')}</Button>
        <Button color="error" onClick={onDiscard}>{translate('app.common.discard')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A page's form: while `dirty`, leaving the page (a link, Back, another tab of its address) asks
 * "discard changes?" and a reload or a closed tab gets the browser's own question. `leave()` lets
 * the page's own navigation go (after a save or a delete). Render `question` in the page.
 */
export function useLeaveGuard(dirty: boolean): { question: ReactNode; leave: () => void } {
  const leaving = useRef(false);
  const guard = useRegisterGuard(true, { holds: () => dirty && !leaving.current });
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (e: BeforeUnloadEvent) => { e.preventDefault(); };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const question = <DiscardQuestion open={guard.asking} onKeep={guard.stay} onDiscard={guard.go} />;
  return { question, leave: () => { leaving.current = true; } };
}

/** Inside a react-admin <Form> of a page: the page asks before it is left with the form changed. */
export function LeaveGuardForForm() {
  return useLeaveGuard(useFormState().isDirty).question;
}

/** Inside a react-admin <Form>: tells the dialog around whether the form has changed. */
export function ReportFormDirty() {
  const { control } = useFormContext();
  // react-hook-form updates its own form state in the change handler itself, before any render.
  useReportDirty(useFormState().isDirty, () => control._formState.isDirty);
  return null;
}

/** A part of a dialog with state of its own (an "add" row) tells the dialog around it is dirty. */
export function useReportDirty(dirty: boolean, changedNow?: () => boolean) {
  const guard = useContext(GuardContext);
  const report = guard?.reportDirty;
  useEffect(() => { report?.(dirty); }, [dirty, report]);
  // What the last render saw, and the form's own word when it has one: the dialog asks these on close.
  const latest = useRef({ dirty, changedNow });
  latest.current = { dirty, changedNow };
  useEffect(() => {
    if (!guard) return undefined;
    const probe = () => latest.current.dirty || (latest.current.changedNow?.() ?? false);
    guard.probes.add(probe);
    return () => { guard.probes.delete(probe); };
  }, [guard]);
}

/** A dialog form's Cancel: said on purpose, so it closes without asking (Escape and a click outside ask). */
export function CancelButton({ onClose, disabled, children }: { onClose: () => void; disabled?: boolean; children: ReactNode }) {
  return <Button onClick={onClose} disabled={disabled}>{children}</Button>;
}
