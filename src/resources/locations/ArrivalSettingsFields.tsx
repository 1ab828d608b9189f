// #44 Two sections of the location settings' edit (LocationSettingsForm, one Save for all):
// - "Arrivals" (id `arrivals`, which the Arrivals screen links to as location_settings#arrivals): the
//   switch, the grace minutes before a no-show and the age under which a guardian signs. While the
//   switch is on and a required document (personal data, rules) has no published version here, it
//   says which and links to the documents screen on that document's tab.
// - "Personal data and documents for guests": a link to the documents screen, where the policy link
//   and the consent are edited (#40's consent editor was here; one editor now, with ru and en texts).
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Alert, Box, Button, FormControlLabel, FormHelperText, Switch, TextField, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { ARRIVAL_LIMITS } from '../../../domain/arrivals';
import type { ConsentDocumentRecord } from '../consent_documents/consentForm';
import { unpublishedRequired, type ArrivalValues } from './arrivalSettings';

const t = (key: string) => `app.locationArrivals.${key}`;
const documentsPath = (locationId: number, kind?: string) => `/locations/${locationId}/consent_documents${kind ? `?kind=${kind}` : ''}`;

export function ArrivalSettingsFields({ locationId, values, errors, onChange }: {
  locationId: number;
  values: ArrivalValues;
  /** Messages under the inputs (the server's field errors). */
  errors: Partial<Record<keyof ArrivalValues, string>>;
  onChange: (values: ArrivalValues) => void;
}) {
  const translate = useTranslate();
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLInputElement>(null);
  // Opened as location_settings#arrivals: the section in view, the switch focused.
  useEffect(() => {
    if (hash !== '#arrivals') return;
    section.current?.scrollIntoView({ block: 'start' });
    toggle.current?.focus({ preventScroll: true });
  }, [hash]);
  const docs = useGetList<ConsentDocumentRecord>('consent_documents', { pagination: { page: 1, perPage: 100 }, meta: { location_id: locationId } }, { enabled: values.arrivals_enabled });
  const missing = values.arrivals_enabled && docs.data ? unpublishedRequired(docs.data) : [];
  const number = (key: 'grace_minutes' | 'minor_age', hint: string) => (
    <TextField label={translate(t(`fields.${key}`))} type="number" value={values[key]} onChange={(e) => onChange({ ...values, [key]: e.target.value })}
      error={!!errors[key]} helperText={errors[key] ?? translate(t(hint), ARRIVAL_LIMITS[key])}
      slotProps={{ htmlInput: { min: ARRIVAL_LIMITS[key].min, max: ARRIVAL_LIMITS[key].max, step: 1, inputMode: 'numeric', 'data-testid': `arrival-${key}` } }} />
  );
  return (
    <Box component="section" id="arrivals" ref={section} aria-labelledby="arrivals-title" data-testid="location-arrivals" sx={{ display: 'grid', gap: 2, scrollMarginTop: 80 }}>
      <Box>
        <Typography variant="h6" component="h2" id="arrivals-title">{translate(t('section'))}</Typography>
        <Typography variant="body2" color="text.secondary">{translate(t('sectionHint'))}</Typography>
      </Box>
      <Box>
        <FormControlLabel label={translate(t('fields.arrivals_enabled'))} control={
          <Switch checked={values.arrivals_enabled} inputRef={toggle} onChange={(e) => onChange({ ...values, arrivals_enabled: e.target.checked })} slotProps={{ input: { 'aria-describedby': 'arrivals-enabled-hint' } as object }} />
        } />
        <FormHelperText id="arrivals-enabled-hint" error={!!errors.arrivals_enabled}>{errors.arrivals_enabled ?? translate(t('enabledHint'))}</FormHelperText>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        {number('grace_minutes', 'graceHint')}
        {number('minor_age', 'minorAgeHint')}
      </Box>
      {missing.length > 0 && (
        <Alert severity="warning" data-testid="arrivals-documents-missing"
          action={<Button component={RouterLink} to={documentsPath(locationId, missing.includes('rules') ? 'rules' : missing[0])} color="inherit" size="small">{translate(t('openDocuments'))}</Button>}>
          {translate(t('notPublished'), { list: missing.map((k) => translate(t('quoted'), { title: translate(`app.arrival.kinds.${k}`) })).join(', ') })}
        </Alert>
      )}
    </Box>
  );
}

/** Where #40's consent editor was: the way to the one editor of the policy link and the documents. */
export function GuestDocumentsSection({ locationId }: { locationId: number }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="guest-documents-title" data-testid="location-documents" sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Typography variant="h6" component="h2" id="guest-documents-title">{translate(t('documents.title'))}</Typography>
      <Typography variant="body2" color="text.secondary">{translate(t('documents.hint'))}</Typography>
      <Button variant="outlined" component={RouterLink} to={documentsPath(locationId)}>{translate(t('documents.open'))}</Button>
    </Box>
  );
}
