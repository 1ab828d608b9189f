// Create or rename a playground group: name required (validationGroupName); the server's
// field messages (a taken name) show under the input. #42 A new group takes the playgrounds that are
// in none (ticked by default): a new venue's first group holds its playgrounds without a move each.
import { DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { BooleanInput, Form, TextInput, required, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { SubmitButton } from '../../components/SubmitButton';
import type { GroupRecord, PlaygroundRecord } from '../../resources/locations/types';
import { CancelButton, GuardedDialog, ReportFormDirty } from '../../components/forms/GuardedDialog';
import { maxChars } from '../../components/validators';
import { TEXT_LIMITS } from '../../../domain/textLimits';

const groupName = required('validation.validationGroupName');

export function GroupNameDialog({ locationId, group, ungrouped = [], onClose, onSaved }: {
  locationId: string;
  /** The group to rename; none to create one. */
  group?: GroupRecord;
  /** A new group's offer: the playgrounds in no group, moved into it when the box stays ticked. */
  ungrouped?: PlaygroundRecord[];
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const dataProvider = useDataProvider();

  const submit = async (values: Record<string, unknown>) => {
    const name = String(values.name ?? '').trim();
    let fieldErrors: Record<string, string> | undefined;
    const saved = await run(
      async () => (group
        ? await dataProvider.update<GroupRecord>('playground_groups', { id: group.id, data: { name }, previousData: group, meta: { location_id: locationId } })
        : await dataProvider.create<GroupRecord>('playground_groups', { data: { name }, meta: { location_id: locationId } })).data,
      (err) => {
        const name = (err.body?.errors as Record<string, string> | undefined)?.name;
        if (!name) return false;
        fieldErrors = { name };
        return true;
      },
    );
    if (fieldErrors) return fieldErrors;
    if (!saved) return undefined;
    if (!group && values.take_ungrouped) {
      for (const p of ungrouped) await run(() => dataProvider.update('playgrounds', { id: p.id, data: { group: saved.id }, previousData: p }));
    }
    await onSaved();
    notify(group ? 'app.schedules.groupRenamed' : 'app.schedules.groupCreated', { type: 'success', messageArgs: { name: saved.name } });
    onClose();
    return undefined;
  };

  const title = translate(group ? 'app.schedules.renameGroupTitle' : 'app.schedules.createGroupTitle');
  return (
    <GuardedDialog onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="group-name-title">
      <Form onSubmit={submit} mode="onChange" defaultValues={{ name: group?.name ?? '', take_ungrouped: !group && ungrouped.length > 0 }}>
        <ReportFormDirty />
        <DialogTitle id="group-name-title">{title}</DialogTitle>
        <DialogContent>
          <TextInput source="name" label="app.schedules.groupName" validate={[groupName, maxChars(TEXT_LIMITS.itemName)]} fullWidth autoFocus />
          {!group && ungrouped.length > 0 && (
            <BooleanInput source="take_ungrouped" label={translate('app.schedules.takeUngrouped', { names: ungrouped.map((p) => p.name).join(', ') })} />
          )}
        </DialogContent>
        <DialogActions>
          <CancelButton onClose={onClose}>{translate('app.common.cancel')}</CancelButton>
          <SubmitButton>{translate(group ? 'app.common.save' : 'app.common.create')}</SubmitButton>
        </DialogActions>
      </Form>
    </GuardedDialog>
  );
}
