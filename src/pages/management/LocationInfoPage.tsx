// /locations/{id}/location_info: the location's texts in each of its languages, its place (country,
// city, coordinates) and an edit dialog where every field of every language is required
// (PUT /api/v2.1/locations/{id}/, saved through the dataProvider: useUpdate of the `location_info`
// declaration, pessimistic; the server's field errors show in the dialog). No map is drawn: the libraries that can draw one need map tiles
// from the internet, so the coordinates are shown with a link to open them on a map.
import { useMemo, useState } from 'react';
import {
  Box, Button, Card, CardContent, CircularProgress, DialogActions, DialogContent, DialogTitle, Grid, Link, MenuItem, Stack, Tab,
  Tabs, TextField, Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import PlaceIcon from '@mui/icons-material/Place';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import { ApiError } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { firstErrorMessage } from '../../../domain/errors';
import { useGeo, type GeoCountry, type LocationInfo } from './api';
import { LONG_FIELDS, TRANSLATION_FIELDS, TRANSLATION_LIMITS, infoBody, infoErrors, infoValues, type InfoValues } from './locationInfoForm';
import { ManagementShell } from './ManagementShell';
import { ActionBarHint } from '../../components/forms/ActionBarHint';
import { CancelButton, GuardedDialog } from '../../components/forms/GuardedDialog';

const languageName = (translate: (k: string, o?: object) => string, lang: string) => translate(`app.management.languages.${lang}`, { _: lang.toUpperCase() });

function EditInfoDialog({ location, geo, onClose }: { location: LocationInfo; geo: GeoCountry[]; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  const client = useQueryClient();
  // The body (ids of country and city) differs from the record read (objects): untyped.
  const [update] = useUpdate();
  const cityId = useMemo(() => geo.flatMap((c) => c.cities).find((c) => c.slug === location.city_slug)?.id ?? null, [geo, location.city_slug]);
  const [initialValues] = useState<InfoValues>(() => infoValues(location, cityId));
  // Every change makes a new object: the same object is the untouched form.
  const [values, setValues] = useState<InfoValues>(initialValues);
  const [tab, setTab] = useState(0);
  const [shown, setShown] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const errors = infoErrors(values);
  const invalid = Object.keys(errors).length > 0;
  const cities = geo.find((c) => c.id === values.country)?.cities ?? [];
  const fieldError = (key: keyof typeof errors) => {
    const limit = key === 'lat' ? 90 : 180;
    const text = errors[key] && shown ? translate(errors[key]!, { _: errors[key]!, min: -limit, max: limit }) : undefined;
    return { error: !!text, helperText: text ?? ' ' };
  };
  const setText = (lang: string, field: string, value: string) => setValues((v) => ({
    ...v, translations: v.translations.map((t) => (t.language === lang ? { ...t, [field]: value } : t)),
  }));

  const save = async () => {
    setShown(true);
    if (invalid) {
      // Open the first language tab with a missing field.
      const bad = values.translations.findIndex((t) => TRANSLATION_FIELDS.some((f) => errors[`${t.language}.${f}`]));
      if (bad >= 0) setTab(bad);
      return;
    }
    setSaving(true);
    setServerError(null);
    const saved = await run(() => update('location_info', { id: location.id, data: infoBody(values), previousData: location },
      { mutationMode: 'pessimistic', returnPromise: true }), (err: ApiError) => {
      setServerError(firstErrorMessage(err.drfBody, err.message));
      return true;
    });
    setSaving(false);
    if (saved) {
      await client.invalidateQueries({ queryKey: ['locations'] });
      notify('app.management.info.saved', { type: 'success' });
      onClose();
    }
  };

  return (
    <GuardedDialog busy={saving} dirty={values !== initialValues} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="info-edit-title" data-testid="info-dialog">
      <DialogTitle id="info-edit-title">{translate('app.management.info.editTitle')}</DialogTitle>
      <DialogContent dividers>
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ mb: 2 }} aria-label={translate('app.management.info.languagesLabel')}>
          {values.translations.map((t) => {
            const hasError = shown && TRANSLATION_FIELDS.some((f) => errors[`${t.language}.${f}`]);
            return <Tab key={t.language} label={languageName(translate, t.language)} sx={hasError ? { color: 'error.main' } : undefined} data-testid={`info-tab-${t.language}`} />;
          })}
        </Tabs>
        {values.translations.map((t, i) => (
          <Box key={t.language} hidden={tab !== i} role="tabpanel">
            <Grid container columnSpacing={2}>
              {TRANSLATION_FIELDS.map((f) => (
                <Grid key={f} size={{ xs: 12, sm: LONG_FIELDS.includes(f) ? 12 : 6 }}>
                  <TextField label={translate(`app.management.info.fields.${f}`)} value={t[f]} required fullWidth size="small" margin="dense"
                    multiline={LONG_FIELDS.includes(f)} minRows={LONG_FIELDS.includes(f) ? 2 : undefined}
                    onChange={(e) => setText(t.language, f, e.target.value)} {...fieldError(`${t.language}.${f}`)}
                    slotProps={{ htmlInput: { 'data-testid': `info-${t.language}-${f}`, maxLength: TRANSLATION_LIMITS[f] } }} />
                </Grid>
              ))}
            </Grid>
          </Box>
        ))}
        <Typography variant="overline" color="text.secondary" component="p" sx={{ mt: 1 }}>{translate('app.management.info.place')}</Typography>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField select label={translate('app.management.info.country')} value={values.country ?? ''} required fullWidth size="small" margin="dense"
              onChange={(e) => setValues((v) => ({ ...v, country: Number(e.target.value) || null, city: null }))} {...fieldError('country')}>
              {geo.map((c) => <MenuItem key={c.id} value={c.id}>{c.name}</MenuItem>)}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField select label={translate('app.management.info.city')} value={values.city ?? ''} required fullWidth size="small" margin="dense"
              disabled={!values.country} onChange={(e) => setValues((v) => ({ ...v, city: Number(e.target.value) || null }))} {...fieldError('city')}>
              {cities.map((c) => <MenuItem key={c.id} value={c.id}>{c.name}</MenuItem>)}
            </TextField>
          </Grid>
          <Grid size={{ xs: 6 }}>
            <TextField label={translate('app.management.info.lat')} value={values.lat} required fullWidth size="small" margin="dense" inputMode="decimal"
              onChange={(e) => setValues((v) => ({ ...v, lat: e.target.value }))} {...fieldError('lat')}
              slotProps={{ htmlInput: { 'data-testid': 'info-lat' } }} />
          </Grid>
          <Grid size={{ xs: 6 }}>
            <TextField label={translate('app.management.info.lng')} value={values.lng} required fullWidth size="small" margin="dense" inputMode="decimal"
              onChange={(e) => setValues((v) => ({ ...v, lng: e.target.value }))} {...fieldError('lng')}
              slotProps={{ htmlInput: { 'data-testid': 'info-lng' } }} />
          </Grid>
        </Grid>
        {serverError && <Typography color="error" data-testid="info-server-error">{serverError}</Typography>}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {shown && invalid && <ActionBarHint color="error">{translate('app.management.info.fillAll')}</ActionBarHint>}
        <CancelButton onClose={onClose} disabled={saving}>{translate('app.common.cancel')}</CancelButton>
        <Button variant="contained" onClick={save} disabled={saving || (shown && invalid)} data-testid="info-save">
          {saving && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
          {translate('app.common.save')}
        </Button>
      </DialogActions>
    </GuardedDialog>
  );
}

export function LocationInfoPage() {
  const translate = useTranslate();
  const geo = useGeo();
  const [editing, setEditing] = useState(false);
  return (
    <ManagementShell titleKey="app.management.info.title" testId="location-info"
      actions={<Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)} disabled={!geo.data} data-testid="info-edit">
        {translate('app.management.info.edit')}
      </Button>}>
      {(l) => (
        <>
          <Card variant="outlined" sx={{ mb: 2 }}>
            <CardContent>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                <PlaceIcon color="primary" />
                <Typography data-testid="info-place">
                  {[l.country?.name, l.city].filter(Boolean).join(', ')}
                  {l.lat && l.lng && <> · {translate('app.management.info.coordinates', { lat: l.lat, lng: l.lng })}</>}
                </Typography>
                {l.lat && l.lng && (
                  <Link href={`https://www.openstreetmap.org/?mlat=${l.lat}&mlon=${l.lng}#map=17/${l.lat}/${l.lng}`} target="_blank" rel="noopener">
                    {translate('app.management.info.openMap')}
                  </Link>
                )}
              </Stack>
            </CardContent>
          </Card>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' }, gap: 2 }}>
            {(l.languages.length ? l.languages : l.translations.map((t) => t.language)).map((lang) => {
              const t = l.translations.find((x) => x.language === lang);
              return (
                <Card key={lang} variant="outlined" data-testid={`info-view-${lang}`}>
                  <CardContent>
                    <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{languageName(translate, lang)}</Typography>
                    {TRANSLATION_FIELDS.map((f) => (
                      <Box key={f} sx={{ mb: 1 }}>
                        <Typography variant="caption" color="text.secondary">{translate(`app.management.info.fields.${f}`)}</Typography>
                        <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid={`info-view-${lang}-${f}`}>{t?.[f] || '—'}</Typography>
                      </Box>
                    ))}
                  </CardContent>
                </Card>
              );
            })}
          </Box>
          {editing && geo.data && <EditInfoDialog location={l} geo={geo.data} onClose={() => setEditing(false)} />}
        </>
      )}
    </ManagementShell>
  );
}
