// #40 The location settings' section about its customers' personal data: the privacy policy link
// and the consent text the booking widget shows (a multiline editor with its current version and
// when it changed, "start from the template" from GET /api/v2.2/locations/{id}/consent_template/
// in the screen's language, asking before it replaces typed text, a warning while the text still holds
// the template's places in square brackets, and what the law expects the text to name). Part of
// LocationSettingsForm's edit: one Save sends it with the settings.
import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import { useTranslate } from 'react-admin';
import { api } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { useLanguage } from '../../i18n/useLanguage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatInstant } from '../../../domain/dates';
import { consentPlaceholders } from '../../../domain/consentTemplate';
import { PERSONAL_DATA_LIMITS, templateReplacesText, type PersonalDataRecord, type PersonalDataValues } from './personalData';

const LAW = ['operator', 'purposes', 'data', 'actions', 'term', 'withdraw'] as const;

export function PersonalDataFields({ locationId, record, timezone, values, errors, onChange }: {
  locationId: number;
  /** The location as read: the version and its time. */
  record: PersonalDataRecord;
  timezone: string | undefined;
  values: PersonalDataValues;
  /** Messages under the inputs (the server's field errors or the form's own). */
  errors: Partial<Record<keyof PersonalDataValues, string>>;
  onChange: (values: PersonalDataValues) => void;
}) {
  const translate = useTranslate();
  const lang = useLanguage();
  const run = useGenericHandler();
  const [loading, setLoading] = useState(false);
  const [pending, setPending] = useState<string | null>(null);

  const fromTemplate = async () => {
    setLoading(true);
    const answer = await run(() => api<{ text: string }>(`/api/v2.2/locations/${locationId}/consent_template/`, { query: { lang } }));
    setLoading(false);
    if (!answer) return;
    if (templateReplacesText(values.personal_data_consent_text, answer.text)) setPending(answer.text);
    else onChange({ ...values, personal_data_consent_text: answer.text });
  };

  const version = record.personal_data_consent_version;
  // What the template left for the operator to fill in ([ИНН], [юридический адрес], ...): customers see the text as saved.
  const unfilled = consentPlaceholders(values.personal_data_consent_text);
  return (
    <Box component="section" aria-labelledby="personal-data-title" data-testid="personal-data" sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h6" component="h2" id="personal-data-title">{translate('app.consent.section')}</Typography>
        <Typography variant="body2" color="text.secondary">{translate('app.consent.sectionHint')}</Typography>
      </Box>
      <TextField label={translate('app.consent.privacyUrl')} type="url" value={values.privacy_policy_url}
        onChange={(e) => onChange({ ...values, privacy_policy_url: e.target.value })}
        error={!!errors.privacy_policy_url} helperText={errors.privacy_policy_url ?? translate('app.consent.privacyUrlHint')}
        slotProps={{ htmlInput: { maxLength: PERSONAL_DATA_LIMITS.privacyUrl, 'data-testid': 'privacy-policy-url', inputMode: 'url' } }} />
      <Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' }, gap: 1, mb: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} data-testid="consent-version">
            {version ? translate('app.consent.version', { version, date: formatInstant(record.personal_data_consent_updated_at, timezone) }) : null}
          </Typography>
          <Button variant="outlined" onClick={() => void fromTemplate()} disabled={loading} data-testid="consent-template"
            startIcon={loading ? <CircularProgress size={18} color="inherit" /> : <NoteAddIcon />}>
            {translate('app.consent.fromTemplate')}
          </Button>
        </Stack>
        <TextField label={translate('app.consent.text')} required fullWidth multiline minRows={8} maxRows={24}
          value={values.personal_data_consent_text} onChange={(e) => onChange({ ...values, personal_data_consent_text: e.target.value })}
          error={!!errors.personal_data_consent_text} helperText={errors.personal_data_consent_text ?? translate('app.consent.textHint')}
          slotProps={{ htmlInput: { maxLength: PERSONAL_DATA_LIMITS.consentText, 'data-testid': 'consent-text' } }} />
      </Box>
      {unfilled.length > 0 && (
        <Alert severity="warning" data-testid="consent-unfilled">{translate('app.consent.unfilled', { list: unfilled.join(', ') })}</Alert>
      )}
      <Alert severity="info" data-testid="consent-law">
        {translate('app.consent.lawTitle')}
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {LAW.map((k) => <li key={k}>{translate(`app.consent.law.${k}`)}</li>)}
        </Box>
      </Alert>
      <ConfirmDialog open={pending !== null} title={translate('app.consent.replaceTitle')} text={translate('app.consent.replaceText')}
        onClose={() => setPending(null)}
        onConfirm={() => { onChange({ ...values, personal_data_consent_text: pending ?? '' }); setPending(null); }} />
    </Box>
  );
}
