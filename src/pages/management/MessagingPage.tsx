// #45 /locations/{id}/messaging (role 40 there): the location's messages to customers. The settings
// are the declared single form (src/resources/messaging); below it the template editor: one kind x
// channel x language at a time, the e-mail's subject and body or the SMS's body (at most 335
// characters), the kind's variables (a click inserts one where the cursor is), a live preview through
// the preview API with the SMS's size in parts, save or back to the built-in text, and "send me a
// test" of the saved text to the signed-in user. A refusal (an unknown variable) shows under its field.
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert, Box, Button, Card, CardContent, Chip, Divider, Stack, Tab, Tabs, TextField, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_LANGUAGES, SMS_BODY_MAX, EMAIL_SUBJECT_MAX, EMAIL_BODY_MAX,
  type MessageChannel, type MessageKind, type MessageLanguage } from '../../../domain/customerMessages';
import type { AppDataProvider } from '../../dataProvider';
import { ApiError } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { ResourceSingleForm } from '../../components/forms/ResourceSingleForm';
import { fieldErrorsOf } from '../../resources/consent_documents/consentForm';
import { insertAt } from '../../resources/messaging/fields';
import { ManagementShell } from './ManagementShell';
import type { LocationInfo } from './api';

const t = (key: string) => `app.messaging.${key}`;

interface Rendered { subject: string; body: string; sms?: { encoding: string; length: number; segments: number } }
interface Template { channel: MessageChannel; language: MessageLanguage; subject: string; body: string; custom: boolean; preview: Rendered }
interface Templates { kind: MessageKind; variables: string[]; templates: Template[] }

export function MessagingPage() {
  return (
    <ManagementShell titleKey={t('title')} testId="messaging">
      {(location) => (
        <Box sx={{ display: 'grid', gap: 3, maxWidth: 960 }}>
          <Card variant="outlined"><CardContent><ResourceSingleForm name="messaging" locationId={String(location.id)} /></CardContent></Card>
          <TemplateEditor location={location} />
        </Box>
      )}
    </ManagementShell>
  );
}

function TemplateEditor({ location }: { location: LocationInfo }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [kind, setKind] = useState<MessageKind>('confirmation');
  const [channel, setChannel] = useState<MessageChannel>('email');
  const languages = (location.languages?.length ? location.languages : MESSAGE_LANGUAGES).filter((l): l is MessageLanguage => (MESSAGE_LANGUAGES as readonly string[]).includes(l));
  const [language, setLanguage] = useState<MessageLanguage>(languages[0] ?? 'ru');
  const meta = { location_id: location.id, kind };
  const query = useQuery({
    queryKey: ['messaging', 'templates', location.id, kind],
    queryFn: async () => (await dataProvider.action<Templates>('messaging', { action: 'templates', meta })).data,
  });
  const template = query.data?.templates.find((x) => x.channel === channel && x.language === language);
  return (
    <Card variant="outlined" data-testid="message-templates">
      <CardContent>
        <Typography variant="h6">{translate(t('templates.title'))}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate(t('templates.intro'))}</Typography>
        <Tabs value={kind} onChange={(_e, k: MessageKind) => setKind(k)} variant="scrollable" allowScrollButtonsMobile aria-label={translate(t('templates.kinds'))}>
          {MESSAGE_KINDS.map((k) => <Tab key={k} value={k} label={translate(`app.customerMessages.kinds.${k}`)} data-testid={`template-kind-${k}`} />)}
        </Tabs>
        <Stack direction="row" spacing={2} sx={{ my: 2, flexWrap: 'wrap' }}>
          <ToggleButtonGroup exclusive size="small" value={channel} onChange={(_e, v) => v && setChannel(v)} aria-label={translate(t('templates.channel'))}>
            {MESSAGE_CHANNELS.map((c) => <ToggleButton key={c} value={c} data-testid={`template-channel-${c}`}>{translate(`app.customerMessages.channels.${c}`)}</ToggleButton>)}
          </ToggleButtonGroup>
          <ToggleButtonGroup exclusive size="small" value={language} onChange={(_e, v) => v && setLanguage(v)} aria-label={translate(t('templates.language'))}>
            {MESSAGE_LANGUAGES.map((l) => <ToggleButton key={l} value={l} data-testid={`template-language-${l}`}>{translate(`app.messaging.languages.${l}`)}</ToggleButton>)}
          </ToggleButtonGroup>
        </Stack>
        {query.error && <Alert severity="error">{(query.error as Error).message}</Alert>}
        {query.data && template && (
          <TemplateForm key={`${kind}-${channel}-${language}-${template.custom}-${template.body}`} locationId={location.id} kind={kind}
            variables={query.data.variables} template={template} />
        )}
      </CardContent>
    </Card>
  );
}

function TemplateForm({ locationId, kind, variables, template }: { locationId: number | string; kind: MessageKind; variables: string[]; template: Template }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const run = useGenericHandler();
  const client = useQueryClient();
  const { channel, language } = template;
  const email = channel === 'email';
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [preview, setPreview] = useState<Rendered>(template.preview);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const meta = { location_id: locationId, kind };
  const text = { channel, language, ...(email ? { subject } : {}), body };
  const tooLong = !email && body.length > SMS_BODY_MAX;

  // The preview follows the text, a moment after typing stops; a refusal goes under its field.
  useEffect(() => {
    if (tooLong) return undefined;
    const timer = setTimeout(async () => {
      try {
        const answer = await dataProvider.action<Rendered>('messaging', { action: 'preview', meta, data: text });
        setPreview(answer.data);
        setErrors({});
      } catch (e) {
        if (e instanceof ApiError && e.status === 400) setErrors(fieldErrorsOf(e.drfBody));
      }
    }, 400);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subject, body]);

  const insert = (name: string) => {
    const el = bodyRef.current;
    const { text: next, caret } = insertAt(body, `{${name}}`, el?.selectionStart ?? body.length, el?.selectionEnd ?? body.length);
    setBody(next);
    requestAnimationFrame(() => { el?.focus(); el?.setSelectionRange(caret, caret); });
  };

  const save = async (reset: boolean) => {
    setBusy(true);
    try {
      await dataProvider.action('messaging', { action: 'saveTemplate', meta, data: reset ? { channel, language, reset: true } : text });
      setErrors({});
      notify(reset ? t('templates.resetDone') : t('templates.saved'), { type: 'success' });
      await client.invalidateQueries({ queryKey: ['messaging', 'templates', locationId, kind] });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && Object.keys(fieldErrorsOf(e.drfBody)).length) setErrors(fieldErrorsOf(e.drfBody));
      else notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const test = async () => {
    setBusy(true);
    const answer = await run(() => dataProvider.action<{ to: string }>('messaging', { action: 'test', meta, data: { channel, language } }));
    setBusy(false);
    if (answer) notify(t('templates.testSent'), { type: 'success', messageArgs: { to: answer.data.to } });
  };

  const bodyError = errors.body ?? (tooLong ? translate(t('templates.tooLong'), { max: SMS_BODY_MAX }) : undefined);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary" data-testid="template-origin">
          {translate(template.custom ? t('templates.custom') : t('templates.builtIn'))}
        </Typography>
        {email && (
          <TextField label={translate(t('templates.fields.subject'))} value={subject} onChange={(e) => setSubject(e.target.value)}
            slotProps={{ htmlInput: { maxLength: EMAIL_SUBJECT_MAX, 'data-testid': 'template-subject' } }}
            error={!!errors.subject} helperText={errors.subject} />
        )}
        <TextField label={translate(t('templates.fields.body'))} value={body} onChange={(e) => setBody(e.target.value)} multiline minRows={email ? 8 : 4}
          inputRef={bodyRef} slotProps={{ htmlInput: { maxLength: email ? EMAIL_BODY_MAX : undefined, 'data-testid': 'template-body' } }}
          error={!!bodyError} helperText={bodyError ?? (email ? undefined : translate(t('templates.smsLimit'), { length: body.length, max: SMS_BODY_MAX }))} />
        <Box>
          <Typography variant="caption" color="text.secondary">{translate(t('templates.variables'))}</Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {variables.map((v) => <Chip key={v} label={`{${v}}`} size="small" onClick={() => insert(v)} data-testid={`template-variable-${v}`} />)}
          </Stack>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={() => save(false)} disabled={busy || tooLong} data-testid="template-save">{translate('app.common.save')}</Button>
          {template.custom && <Button onClick={() => save(true)} disabled={busy} data-testid="template-reset">{translate(t('templates.reset'))}</Button>}
          <Button variant="outlined" onClick={test} disabled={busy} data-testid="template-test">{translate(t('templates.test'))}</Button>
        </Stack>
        <Typography variant="caption" color="text.secondary">{translate(t('templates.testHint'))}</Typography>
      </Stack>
      <Box data-testid="template-preview" aria-live="polite">
        <Typography variant="subtitle2">{translate(t('templates.preview'))}</Typography>
        <Divider sx={{ mb: 1 }} />
        {email && <Typography sx={{ fontWeight: 600, mb: 1 }} data-testid="template-preview-subject">{preview.subject}</Typography>}
        <Typography component="div" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="template-preview-body">{preview.body}</Typography>
        {!email && preview.sms && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="template-preview-sms">
            {translate(t('templates.smsSize'), { length: preview.sms.length, segments: preview.sms.segments, smart_count: preview.sms.segments })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
