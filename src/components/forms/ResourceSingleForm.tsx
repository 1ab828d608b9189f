// A declared form that edits the one record of a location in place (`form.single`, e.g. the booking
// widget's settings): read with useGetOne, saved with useUpdate (pessimistic), the server's field
// errors under their inputs.
import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Form, useDataProvider, useGetOne, useNotificationContext, useNotify, useTranslate, useUpdate } from 'react-admin';
import { declaration } from '../../resources/registry';
import { SubmitButton } from '../SubmitButton';
import { FormContextValues, FormFields, bodyOf, defaultsOf, fieldsOf } from './fields';
import { splitErrors } from './serverErrors';
import { useRouteMoney } from './routeMoney';
import { LeaveGuardForForm } from './GuardedDialog';
import type { AppDataProvider } from '../../dataProvider';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';

export function ResourceSingleForm({ name, locationId }: { name: string; locationId: string }) {
  const d = declaration(name);
  const form = d.form!;
  const fields = fieldsOf(form, 'edit');
  const translate = useTranslate();
  const notify = useNotify();
  const money = useRouteMoney();
  // The specs' generic handler: the alerts on screen go before a call.
  const { resetNotifications } = useNotificationContext();
  const client = useQueryClient();
  const meta = { location_id: locationId };
  const { data, error } = useGetOne(name, { id: locationId, meta });
  const [update] = useUpdate();
  const [problem, setProblem] = useState<string | null>(null);
  // A new form after each save, from the saved record: it is not dirty any more (the page's leave guard).
  const [round, setRound] = useState(0);
  const dataProvider = useDataProvider<AppDataProvider>();
  const run = useGenericHandler();
  const [checking, setChecking] = useState(false);

  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (!data) return <CircularProgress />;

  const submit = async (values: Record<string, unknown>) => {
    setProblem(null);
    resetNotifications();
    try {
      await update(name, { id: locationId, data: bodyOf(fields, values), previousData: data, meta }, { mutationMode: 'pessimistic', returnPromise: true });
    } catch (e) {
      const split = splitErrors(e, fields, translate('app.alerts.unknownError'));
      if (split.other) setProblem(split.other);
      return split.fields;
    }
    await client.invalidateQueries({ queryKey: [name] });
    setRound((r) => r + 1);
    notify(form.saved.edit, { type: 'success', messageArgs: d.messageArgs?.(values, { money }) });
    return undefined;
  };

  // #29 "Check connection": tries what is saved (not the form's unsaved values); the server's refusal as it words it.
  const check = form.single?.check;
  const runCheck = async () => {
    if (!check) return;
    setChecking(true);
    const answer = await run(() => dataProvider.action(name, { action: check.action, meta }));
    setChecking(false);
    if (answer) notify(check.ok, { type: 'success', messageArgs: check.args?.(answer.data, translate) ?? answer.data });
  };

  return (
    <Box sx={{ maxWidth: 560 }}>
      {/* `%{origin}`: this installation's address, so an intro can give a URL to enter elsewhere (#39: not a file of the docs). */}
      {form.single?.intro && <Typography color="text.secondary" sx={{ mb: 2 }}>{translate(form.single.intro, { origin: window.location.origin })}</Typography>}
      {problem && <Alert severity="error" sx={{ mb: 2 }} data-testid="form-error">{problem}</Alert>}
      {/* #38 What the server says the record's owner should know (e.g. test keys on a live install), in the reader's language. */}
      {(Array.isArray(data.warnings) ? data.warnings as string[] : []).map((w) => (
        <Alert key={w} severity="warning" sx={{ mb: 2 }} data-testid="form-warning">{w}</Alert>
      ))}
      <Form key={round} onSubmit={submit} mode="onChange" defaultValues={defaultsOf(fields, data)} record={data}>
        <LeaveGuardForForm />
        {/* The record, for the fields that read it (#42: a choice offered by the record, a text to copy from it). */}
        <FormContextValues.Provider value={{ record: data, meta }}>
          <FormFields fields={fields} />
        </FormContextValues.Provider>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <SubmitButton>{translate('app.common.save')}</SubmitButton>
          {check && <Button variant="outlined" onClick={runCheck} disabled={checking} data-testid="single-form-check">{translate(check.label)}</Button>}
        </Stack>
      </Form>
    </Box>
  );
}
