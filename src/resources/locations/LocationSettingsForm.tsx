// A location's settings (#28 SETUP): name, country and city (chosen from the known ones or typed:
// the server makes a new one), a searchable IANA time zone, currencies from the ISO 4217 reference
// list, languages offered and the switches. One form for creating (POST /api/v2.1/locations/: the
// setup page's first location and the owner's "New location") and editing (PUT /api/v2.1/locations/{id}/).
// #40 A new location starts with the server's consent template and no policy link. #44 Editing links to
// the documents for guests, where the policy link and the consent are edited (GuestDocumentsSection;
// #40's consent editor was here), and holds the arrival settings (ArrivalSettingsFields, their own
// write, PUT /api/v2.2/locations/{id}/arrival_settings/, sent first by the same Save when changed).
// #42 The time zone is found by the city typed (TimeZoneField); a new location starts with none
// (not the browser's: a venue in Novosibirsk set up from Moscow must not silently get Moscow's).
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Autocomplete, Box, Button, Checkbox, FormControlLabel, FormGroup, FormHelperText, FormLabel, Switch, TextField } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { LANGUAGES } from '../../../domain/constants';
import { api, ApiError } from '../../dataProvider/http';
import { useLanguage } from '../../i18n/useLanguage';
import type { LocationRecord } from './types';
import { ArrivalSettingsFields, GuestDocumentsSection } from './ArrivalSettingsFields';
import { arrivalBody, arrivalsChanged, arrivalValues, type ArrivalSettingsRecord, type ArrivalValues } from './arrivalSettings';
import { TimeZoneField, type CityZone } from './TimeZoneField';
import { currencyOfCountry } from '../../../domain/countryCurrency';
import type { AppDataProvider } from '../../dataProvider';

interface CurrencyChoice { code: string; unicode: string; name: string }
interface GeoCountry { id: number; name: string; cities: { id: number; name: string }[] }

export interface LocationSettings {
  name: string;
  country: string;
  city: string;
  timezone: string;
  currency: string;
  b2b_currency: string;
  languages: string[];
  is_park: boolean;
  is_events_available: boolean;
  allow_refill: boolean;
  is_active: boolean;
  walk_ins_without_details: boolean;
}

const SWITCHES = ['is_park', 'is_events_available', 'allow_refill', 'is_active', 'walk_ins_without_details'] as const;
const label = (key: string) => `app.locationSettings.fields.${key}`;

type EditedLocation = LocationRecord & { languages?: string[]; allow_refill?: boolean; walk_ins_without_details?: boolean; sender_name?: string; email?: string };

function initial(location?: EditedLocation): LocationSettings {
  if (!location) {
    return {
      name: '', country: '', city: '', timezone: '', currency: '', b2b_currency: '',
      languages: [...LANGUAGES], is_park: false, is_events_available: false, allow_refill: false, is_active: true, walk_ins_without_details: false,
    };
  }
  return {
    name: location.name, country: location.country?.name ?? '', city: location.city, timezone: location.timezone ?? '',
    currency: location.currency?.code ?? '', b2b_currency: location.b2b_currency?.code ?? '', languages: location.languages ?? [...LANGUAGES],
    is_park: location.is_park, is_events_available: location.is_events_available, allow_refill: !!location.allow_refill, is_active: location.is_active,
    walk_ins_without_details: !!location.walk_ins_without_details,
  };
}

export function LocationSettingsForm({ location, onSaved, onCancel }: {
  /** The location to edit; none: a new one. */
  location?: EditedLocation;
  onSaved: (saved: LocationRecord) => void;
  onCancel?: () => void;
}) {
  const translate = useTranslate();
  const lang = useLanguage();
  const [values, setValues] = useState<LocationSettings>(() => initial(location));
  const dataProvider = useDataProvider<AppDataProvider>();
  const client = useQueryClient();
  // #44 Only when editing: a new location starts with arrivals off (the server's defaults).
  const arrivalsKey = ['arrival_settings', String(location?.id)];
  const arrivalsRead = useQuery({
    queryKey: arrivalsKey, enabled: !!location, retry: false,
    queryFn: async () => (await dataProvider.action<ArrivalSettingsRecord>('location_settings', { action: 'arrivalSettings', id: location!.id })).data,
  });
  const [typedArrivals, setArrivals] = useState<ArrivalValues | null>(null);
  const arrivals = typedArrivals ?? (arrivalsRead.data ? arrivalValues(arrivalsRead.data) : null);
  // #42 Only when editing: the letters' sender name and reply address (a new location starts with none).
  const [letters, setLetters] = useState(() => ({ sender_name: location?.sender_name ?? '', email: location?.email ?? '' }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const currencies = useQuery({ queryKey: ['currencies', lang], queryFn: () => api<CurrencyChoice[]>('/api/v2.1/currencies/') });
  const geo = useQuery({ queryKey: ['geo', lang], queryFn: () => api<GeoCountry[]>('/api/v2.1/geo/') });
  const cities = useMemo(() => geo.data?.find((c) => c.name.toLowerCase() === values.country.trim().toLowerCase())?.cities.map((c) => c.name) ?? [], [geo.data, values.country]);
  const set = <K extends keyof LocationSettings>(key: K, value: LocationSettings[K]) => setValues((v) => ({ ...v, [key]: value }));
  // #42 A city found whole gives its country and that country's currency, where they are still empty
  // (never over what the person typed or chose): Москва → Россия, RUB.
  const fillFromCity = (city: CityZone) => setValues((v) => {
    const code = currencyOfCountry(city.country_code);
    const known = code && currencies.data?.some((c) => c.code === code) ? code : '';
    return { ...v, country: v.country.trim() ? v.country : city.country, currency: v.currency || known };
  });
  const required = (['name', 'country', 'city', 'timezone', 'currency'] as const).filter((k) => !values[k].trim());

  const save = async () => {
    setFailure(null);
    const missing = Object.fromEntries(required.map((k) => [k, translate('ra.validation.required')]));
    if (!values.languages.length) missing.languages = translate('ra.validation.required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setSaving(true);
    try {
      // The arrival settings first: refused, nothing of the Save is kept and their messages are under their inputs.
      if (location && arrivals && arrivalsRead.data && arrivalsChanged(arrivalsRead.data, arrivals)) {
        await dataProvider.action('location_settings', { action: 'saveArrivalSettings', id: location.id, data: arrivalBody(arrivals) });
        setArrivals(null);
        void client.invalidateQueries({ queryKey: arrivalsKey });
        void client.invalidateQueries({ queryKey: ['arrivals', String(location.id)] });
      }
      const body = { ...values, b2b_currency: values.b2b_currency || null, ...(location ? letters : {}) };
      const saved = await api<LocationRecord>(location ? `/api/v2.1/locations/${location.id}/` : '/api/v2.1/locations/', { method: location ? 'PUT' : 'POST', body });
      onSaved(saved);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.body?.errors && Object.keys(err.body.errors).length) setErrors(err.body.errors as Record<string, string>);
      else setFailure(err instanceof Error ? err.message : translate('app.alerts.unknownError'));
    } finally {
      setSaving(false);
    }
  };

  // MUI's own words of an autocomplete (its buttons' labels), in the screen's language.
  const words = { closeText: translate('ra.action.close'), openText: translate('ra.action.open'), clearText: translate('ra.action.clear_input_value'), noOptionsText: translate('app.words.nothingFound') };
  const currencyField = (key: 'currency' | 'b2b_currency') => (
    <Autocomplete
      {...words}
      options={currencies.data?.map((c) => c.code) ?? []}
      value={values[key] || null}
      onChange={(_e, code) => set(key, code ?? '')}
      getOptionLabel={(code) => { const c = currencies.data?.find((x) => x.code === code); return c ? `${c.code} ${c.unicode} — ${c.name}` : code; }}
      renderInput={(params) => <TextField {...params} label={translate(label(key))} required={key === 'currency'} error={!!errors[key]} helperText={errors[key] ?? (key === 'b2b_currency' ? translate('app.locationSettings.b2bHint') : undefined)} slotProps={{ htmlInput: { ...params.inputProps, maxLength: TEXT_LIMITS.itemName } }} />}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={(e) => { e.preventDefault(); void save(); }} sx={{ display: 'grid', gap: 2 }}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField label={translate(label('name'))} required value={values.name} onChange={(e) => set('name', e.target.value)} error={!!errors.name} helperText={errors.name} slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.locationName } }} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <Autocomplete
          {...words}
          freeSolo options={geo.data?.map((c) => c.name) ?? []} inputValue={values.country} onInputChange={(_e, v) => set('country', v)}
          renderInput={(params) => <TextField {...params} label={translate(label('country'))} required error={!!errors.country} helperText={errors.country ?? translate('app.locationSettings.placeHint')} slotProps={{ htmlInput: { ...params.inputProps, maxLength: TEXT_LIMITS.itemName } }} />}
        />
        <Autocomplete
          {...words}
          freeSolo options={cities} inputValue={values.city} onInputChange={(_e, v) => set('city', v)}
          renderInput={(params) => <TextField {...params} label={translate(label('city'))} required error={!!errors.city} helperText={errors.city} slotProps={{ htmlInput: { ...params.inputProps, maxLength: TEXT_LIMITS.itemName } }} />}
        />
      </Box>
      <TimeZoneField city={values.city} value={values.timezone} onChange={(zone) => set('timezone', zone)} onCityFound={fillFromCity} error={errors.timezone} words={words} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        {currencyField('currency')}
        {currencyField('b2b_currency')}
      </Box>
      <Box>
        <FormLabel component="legend">{translate(label('languages'))}</FormLabel>
        <FormGroup row>
          {LANGUAGES.map((l) => (
            <FormControlLabel key={l} label={translate(`app.locationSettings.language.${l}`)} control={
              <Checkbox checked={values.languages.includes(l)} onChange={(e) => set('languages', e.target.checked ? LANGUAGES.filter((x) => x === l || values.languages.includes(x)) : values.languages.filter((x) => x !== l))} />
            } />
          ))}
        </FormGroup>
        {errors.languages && <FormHelperText error>{errors.languages}</FormHelperText>}
      </Box>
      <FormGroup row>
        {SWITCHES.map((k) => (
          <FormControlLabel key={k} label={translate(label(k))} control={<Switch checked={values[k]} onChange={(e) => set(k, e.target.checked)} />} />
        ))}
      </FormGroup>
      {values.is_active === false && location?.is_active && <Alert severity="warning">{translate('app.locationSettings.deactivateHint')}</Alert>}
      {location && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box>
            <FormLabel component="legend">{translate('app.locationLetters.section')}</FormLabel>
            <FormHelperText>{translate('app.locationLetters.sectionHint')}</FormHelperText>
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
            <TextField label={translate('app.locationLetters.senderName')} value={letters.sender_name} onChange={(e) => setLetters((l) => ({ ...l, sender_name: e.target.value }))}
              error={!!errors.sender_name} helperText={errors.sender_name ?? translate('app.locationLetters.senderNameHint')} slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.senderName } }} />
            <TextField label={translate('app.locationLetters.email')} type="email" value={letters.email} onChange={(e) => setLetters((l) => ({ ...l, email: e.target.value }))}
              error={!!errors.email} helperText={errors.email ?? translate('app.locationLetters.emailHint')} slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.email } }} />
          </Box>
        </Box>
      )}
      {location && arrivals && (
        <ArrivalSettingsFields locationId={location.id} values={arrivals} onChange={setArrivals}
          errors={{ arrivals_enabled: errors.arrivals_enabled, grace_minutes: errors.grace_minutes, minor_age: errors.minor_age }} />
      )}
      {location && <GuestDocumentsSection locationId={location.id} />}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {onCancel && <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>}
        <Button type="submit" variant="contained" disabled={saving}>{translate(location ? 'ra.action.save' : 'app.locationSettings.create')}</Button>
      </Box>
    </Box>
  );
}
