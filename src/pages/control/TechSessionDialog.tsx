// Start a technical session: the playground's launcher accepts technical sessions for N minutes.
// Minutes required, at least 1 (the spec); a week at most, as the server allows.
import { DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Form, NumberInput, TextInput, maxLength, maxValue, minValue, required, useNotify, useTranslate } from 'react-admin';
import { TECH_SESSION_MIN_MINUTES } from '../../../domain/locationManagement';
import { SubmitButton } from '../../components/SubmitButton';
import { deskAction } from '../../dataProvider/desk';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { submitWithFieldErrors } from '../money/fieldErrors';
import type { ControlPlayground } from './types';
import { CancelButton, GuardedDialog, ReportFormDirty } from '../../components/forms/GuardedDialog';

/** The server's upper bound: a forgotten grant must not keep a playground open for good. */
export const TECH_SESSION_MAX_MINUTES = 10080;

const minutesRules = [
  required('validation.validationRequired'),
  minValue(TECH_SESSION_MIN_MINUTES, 'validation.validationMinValue'),
  maxValue(TECH_SESSION_MAX_MINUTES, 'validation.validationMaxValue'),
];

export function TechSessionDialog({ playground, running, onClose, onSaved }: {
  playground: ControlPlayground;
  /** Access is open now: starting again replaces it. */
  running: boolean;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();

  const submit = async (values: Record<string, unknown>) => {
    const body = { minutes: Number(values.minutes), comment: String(values.comment ?? '').trim() };
    const { saved, errors } = await submitWithFieldErrors(run,
      () => deskAction<ControlPlayground>('techStart', { id: playground.id, data: body }),
      { minutes: 'minutes', comment: 'comment' });
    if (errors) return errors;
    if (!saved) return undefined;
    await onSaved();
    notify('app.tools.control.started', { type: 'success', messageArgs: { name: playground.name, minutes: body.minutes } });
    onClose();
    return undefined;
  };

  return (
    <GuardedDialog onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="tech-title">
      <Form onSubmit={submit} mode="onChange" defaultValues={{ minutes: null, comment: '' }}>
        <ReportFormDirty />
        <DialogTitle id="tech-title">{translate('app.tools.control.startTitle', { name: playground.name })}</DialogTitle>
        <DialogContent>
          {running && <DialogContentText sx={{ mb: 1 }}>{translate('app.tools.control.replaceRunning')}</DialogContentText>}
          <NumberInput source="minutes" label="app.tools.control.minutes" validate={minutesRules} min={TECH_SESSION_MIN_MINUTES} step={1} fullWidth autoFocus />
          <TextInput source="comment" label="app.tools.control.comment" validate={maxLength(500, 'app.tools.control.commentLength')} multiline minRows={2} fullWidth />
        </DialogContent>
        <DialogActions>
          <CancelButton onClose={onClose}>{translate('app.common.cancel')}</CancelButton>
          <SubmitButton>{translate('app.tools.control.start')}</SubmitButton>
        </DialogActions>
      </Form>
    </GuardedDialog>
  );
}
