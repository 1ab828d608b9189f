// #44 /locations/{id}/consent_documents (role 40 there): the location's documents for guests, one tab
// per kind (personal data 152-FZ, "Правила посещения и инструктаж", marketing, optional). Each shows
// its current version and date and which version guests sign; the editor holds the ru and en texts
// and, for personal data, the eight facts the law expects as their own fields (the texts are written
// from them while they are the facts' own, so a new venue types the operator, its INN and address and
// saves). Saving makes a new version, which the screen says guests sign again; a refusal shows each
// of the server's messages by its field. A read-only history of the versions per document. The
// personal-data tab also holds the venue's policy link (published, never signed). Declared in
// src/resources/consent_documents; the writes are the declaration's (dataProvider create/update).
// ?kind=rules|marketing|personal_data opens that tab.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Accordion, AccordionDetails, AccordionSummary, Alert, Box, Button, Card, CardContent, Chip, Stack, Tab, Tabs, TextField, Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { CONSENT_KINDS, isRequiredKind, PERSONAL_DATA_DETAILS, type ConsentKind, type PersonalDataDetail } from '../../../domain/arrivals';
import { formatInstant } from '../../../domain/dates';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import type { AppDataProvider } from '../../dataProvider';
import { ApiError } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { locationDetailKey } from '../../resources/locations/useLocationDetail';
import {
  bodyOf, fieldErrorsOf, formOf, rewritten, withFact, withText,
  type ConsentDocumentRecord, type ConsentVersion, type DocumentForm,
} from '../../resources/consent_documents/consentForm';
import { ManagementShell } from './ManagementShell';
import type { LocationInfo } from './api';

const t = (key: string) => `app.consentDocuments.${key}`;
/** The facts typed on one line; the others are sentences. */
const SHORT: readonly PersonalDataDetail[] = ['operator', 'inn', 'address'];
const OWN_FIELDS = new Set(['text_ru', 'text_en', ...PERSONAL_DATA_DETAILS.map((k) => `details.${k}`)]);

export function ConsentDocumentsPage() {
  return (
    <ManagementShell titleKey={t('title')} testId="consent-documents">
      {(location) => <Documents location={location} />}
    </ManagementShell>
  );
}

function Documents({ location }: { location: LocationInfo }) {
  const translate = useTranslate();
  // #44 ?kind= opens a tab (the location settings' arrivals section links to the rules so).
  const [opened] = useSearchParams();
  const [kind, setKind] = useState<ConsentKind>(() => CONSENT_KINDS.find((k) => k === opened.get('kind')) ?? 'personal_data');
  const docs = useGetList<ConsentDocumentRecord>('consent_documents', { pagination: { page: 1, perPage: 100 }, meta: { location_id: location.id } });
  const doc = docs.data?.find((d) => d.kind === kind) ?? null;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate(t('intro'))}</Typography>
      <Tabs value={kind} onChange={(_e, k: ConsentKind) => setKind(k)} variant="scrollable" allowScrollButtonsMobile aria-label={translate(t('tabs'))} sx={{ mb: 2 }}>
        {CONSENT_KINDS.map((k) => (
          <Tab key={k} value={k} label={translate(t(`tabLabels.${k}`))} id={`consent-tab-${k}`} aria-controls="consent-panel" data-testid={`consent-tab-${k}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id="consent-panel" aria-labelledby={`consent-tab-${kind}`} sx={{ display: 'grid', gap: 2 }}>
        {kind === 'personal_data' && <PolicyLink location={location} />}
        {docs.data && (
          <DocumentCard key={`${kind}-${doc?.current.id ?? 'none'}`} kind={kind} doc={doc} locationId={location.id} timezone={location.timezone} />
        )}
      </Box>
    </Box>
  );
}

/** The venue's personal-data policy: a link to its own page, published and never signed (PUT /api/v2.1/locations/{id}/). */
function PolicyLink({ location }: { location: LocationInfo }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const dataProvider = useDataProvider();
  const client = useQueryClient();
  const saved = (location as { privacy_policy_url?: string }).privacy_policy_url ?? '';
  const [url, setUrl] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const save = async () => {
    setError(undefined);
    const done = await run(() => dataProvider.update('location_settings', { id: location.id, data: { privacy_policy_url: url.trim() }, previousData: { id: location.id } }),
      (err) => { const m = fieldErrorsOf(err.drfBody).privacy_policy_url; if (m) setError(m); return !!m; });
    if (!done) return;
    notify(t('policy.saved'), { type: 'success' });
    void client.invalidateQueries({ queryKey: locationDetailKey(location.id) });
    void client.invalidateQueries({ queryKey: ['readiness', String(location.id)] });
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="policy-title" data-testid="consent-policy">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography variant="h6" component="h2" id="policy-title">{translate(t('policy.title'))}</Typography>
        <Typography variant="body2" color="text.secondary">{translate(t('policy.hint'))}</Typography>
        {!saved && <Alert severity="warning" data-testid="consent-policy-none">{translate(t('policy.none'))}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'flex-start' } }}>
          <TextField label={translate(t('policy.url'))} type="url" value={url} onChange={(e) => setUrl(e.target.value)} sx={{ flex: 1 }}
            error={!!error} helperText={error ?? translate(t('policy.urlHint'))}
            slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.privacyPolicyUrl, inputMode: 'url', 'data-testid': 'consent-policy-url' } }} />
          <Button variant="outlined" onClick={() => void save()} disabled={url.trim() === saved} sx={{ mt: { sm: 1 } }}>{translate(t('policy.save'))}</Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function DocumentCard({ kind, doc, locationId, timezone }: { kind: ConsentKind; doc: ConsentDocumentRecord | null; locationId: number; timezone: string }) {
  const translate = useTranslate();
  const [adding, setAdding] = useState(false);
  return (
    <Card variant="outlined" component="section" aria-labelledby="consent-doc-title" data-testid="consent-document" data-kind={kind}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2" id="consent-doc-title">{translate(`app.arrival.kinds.${kind}`)}</Typography>
            <Chip size="small" label={translate(t(isRequiredKind(kind) ? 'required' : 'optional'))} />
          </Stack>
          {doc ? (
            <>
              <Typography variant="body2" data-testid="consent-current-version" data-version={doc.current.version}>
                {translate(t('version'), { version: doc.current.version, date: formatInstant(doc.current.created_at, timezone) })}
              </Typography>
              <Typography variant="body2" color={doc.published_version ? 'text.secondary' : 'error'} data-testid="consent-published">
                {doc.published_version ? translate(t('signed'), { version: doc.published_version }) : translate(t('notSigned'))}
              </Typography>
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">{translate(t('missing'))}</Typography>
          )}
        </Box>
        {doc || adding ? (
          <DocumentEditor kind={kind} doc={doc} locationId={locationId} />
        ) : (
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate(t('addHint'))}</Typography>
            <Button variant="outlined" onClick={() => setAdding(true)} data-testid="consent-add">{translate(t('add'))}</Button>
          </Box>
        )}
        {doc && <History doc={doc} timezone={timezone} />}
      </CardContent>
    </Card>
  );
}

function DocumentEditor({ kind, doc, locationId }: { kind: ConsentKind; doc: ConsentDocumentRecord | null; locationId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const dataProvider = useDataProvider();
  const client = useQueryClient();
  const [form, setForm] = useState<DocumentForm>(() => formOf(kind, doc?.current ?? null));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const other = Object.entries(errors).filter(([k]) => !OWN_FIELDS.has(k)).map(([, m]) => m);

  const save = async () => {
    setErrors({});
    setSaving(true);
    const body = bodyOf(kind, form);
    const answer = await run(
      () => (doc
        ? dataProvider.update<ConsentDocumentRecord>('consent_documents', { id: doc.id, data: body, previousData: doc })
        : dataProvider.create<ConsentDocumentRecord>('consent_documents', { data: { kind, ...body }, meta: { location_id: locationId } })),
      (err: ApiError) => {
        if (err.status !== 400) return false;
        const found = fieldErrorsOf(err.drfBody);
        if (!Object.keys(found).length) return false;
        setErrors(found);
        notify(t('refused'), { type: 'error' });
        return true;
      },
    );
    setSaving(false);
    if (!answer) return;
    const version = answer.data.current.version;
    notify(t(doc && version === doc.current.version ? 'unchanged' : 'saved'), { type: 'success', messageArgs: { version } });
    void client.invalidateQueries({ queryKey: ['consent_documents'] });
    void client.invalidateQueries({ queryKey: ['readiness', String(locationId)] });
  };

  const text = (field: 'text_ru' | 'text_en') => (
    <TextField label={translate(t(field === 'text_ru' ? 'textRu' : 'textEn'))} required fullWidth multiline minRows={6} maxRows={20}
      value={form[field]} onChange={(e) => setForm((f) => withText(f, field, e.target.value))}
      error={!!errors[field]} helperText={errors[field] ?? translate(t('textHint'))}
      slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.consentText, 'data-testid': `consent-${field}` } }} />
  );
  const next = doc ? translate(t('newVersion'), { version: doc.current.version + 1 }) : translate(t('firstVersion'));
  return (
    <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }} sx={{ display: 'grid', gap: 2 }}>
      {kind === 'personal_data' && (
        <Box component="section" aria-labelledby="consent-facts-title" sx={{ display: 'grid', gap: 2 }}>
          <Box>
            <Typography variant="subtitle1" component="h3" id="consent-facts-title" sx={{ fontWeight: 600 }}>{translate(t('facts'))}</Typography>
            <Typography variant="body2" color="text.secondary">{translate(t('factsHint'))}</Typography>
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
            {PERSONAL_DATA_DETAILS.map((k) => {
              const short = SHORT.includes(k);
              const error = errors[`details.${k}`];
              return (
                <TextField key={k} label={translate(`app.arrival.details.${k}`)} required value={form.details[k]}
                  onChange={(e) => setForm((f) => withFact(f, k, e.target.value))}
                  multiline={!short} minRows={short ? undefined : 2} maxRows={short ? undefined : 8}
                  error={!!error} helperText={error ?? (short ? translate(t(`factHints.${k}`)) : undefined)}
                  sx={k === 'operator' || !short ? { gridColumn: { md: '1 / -1' } } : undefined}
                  // An INN is an identifier, never grouped as an amount is.
                  data-number-check={k === 'inn' ? 'skip' : undefined}
                  slotProps={{ htmlInput: { maxLength: k === 'inn' ? 12 : TEXT_LIMITS.locationText, inputMode: k === 'inn' ? 'numeric' : undefined, 'data-testid': `consent-detail-${k}` } }} />
              );
            })}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
            {form.follows
              ? <Typography variant="body2" color="text.secondary" data-testid="consent-follows">{translate(t('follows'))}</Typography>
              : <Button variant="outlined" onClick={() => setForm(rewritten)} data-testid="consent-rewrite">{translate(t('rewrite'))}</Button>}
          </Stack>
        </Box>
      )}
      {text('text_ru')}
      {text('text_en')}
      {other.length > 0 && <Alert severity="error" data-testid="consent-error">{other.join(' ')}</Alert>}
      <Alert severity="info" data-testid="consent-next-version">{next}</Alert>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={saving} data-testid="consent-save">{translate(t('save'))}</Button>
      </Box>
    </Box>
  );
}

/** Every version of a document, newest first, read when opened; nothing here edits them. */
function History({ doc, timezone }: { doc: ConsentDocumentRecord; timezone: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const versions = useQuery({
    queryKey: ['consent_documents', 'versions', doc.id, doc.current.id],
    queryFn: async () => (await dataProvider.action<ConsentVersion[]>('consent_documents', { id: doc.id, action: 'versions' })).data,
    enabled: open,
  });
  return (
    <Accordion expanded={open} onChange={(_e, o) => setOpen(o)} disableGutters variant="outlined" data-testid="consent-history">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="subtitle2" component="h3">{translate(t('history'))}</Typography>
      </AccordionSummary>
      <AccordionDetails sx={{ display: 'grid', gap: 1 }}>
        {versions.data?.length === 0 && <Typography variant="body2">{translate(t('historyEmpty'))}</Typography>}
        {versions.data?.map((v) => <VersionRow key={v.id} v={v} current={v.id === doc.current.id} timezone={timezone} />)}
      </AccordionDetails>
    </Accordion>
  );
}

function VersionRow({ v, current, timezone }: { v: ConsentVersion; current: boolean; timezone: string }) {
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  const block = (label: string, text: string) => (
    <Box>
      <Typography variant="caption" color="text.secondary">{label}</Typography>
      <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'grey.100', borderRadius: 1, fontFamily: 'inherit', fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text || '—'}</Box>
    </Box>
  );
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }} data-testid="consent-version-row" data-version={v.version}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>{translate(t('version'), { version: v.version, date: formatInstant(v.created_at, timezone) })}</Typography>
        {current && <Chip size="small" color="primary" variant="outlined" label={translate(t('current'))} />}
        <Chip size="small" color={v.complete ? 'success' : 'default'} variant="outlined" label={translate(t(v.complete ? 'complete' : 'incomplete'))} />
        <Button size="small" onClick={() => setShown((s) => !s)} aria-expanded={shown}>{translate(t(shown ? 'hideText' : 'showText'))}</Button>
      </Stack>
      {shown && (
        <Box sx={{ display: 'grid', gap: 1, mt: 1 }}>
          {block(translate(t('textRu')), v.text_ru)}
          {block(translate(t('textEn')), v.text_en)}
        </Box>
      )}
    </Box>
  );
}
