// #42 The location's time zone, found by the city a person types: the City field's name (when the
// zone was not chosen by hand) and the zone field itself (a city typed there is offered beside the zone
// names) ask GET /api/v2.1/timezones/by_city/. The zone shows the time it gives now. A name that
// matches nothing is an error and leaves the zone empty: never a silent fall-back to another zone
// (the browser's, or the one chosen before).
import { useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Autocomplete, TextField, createFilterOptions } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TEXT_LIMITS } from '../../../domain/textLimits';
import { timeZoneLabel, wallClockOf } from '../../../domain/dates';
import { cityKey, withoutCityPrefix } from '../../../domain/cityKey';
import { api } from '../../dataProvider/http';
import { useLanguage } from '../../i18n/useLanguage';

export interface CityZone { name: string; match: 'name' | 'other_name' | 'beginning'; country: string; country_code: string; timezone: string; utc_offset: string; local_time: string }
interface Option { zone: string; city?: CityZone }

const findCity = (city: string) => api<CityZone[]>(`/api/v2.1/timezones/by_city/?city=${encodeURIComponent(city.trim().slice(0, TEXT_LIMITS.itemName))}`);
/**
 * What the whole name typed gives: the cities it names (their own names first; a former name only
 * when no city bears it now), and whether they share one zone. Two cities of one name in two zones
 * (Железногорск, Донецк) are not guessed between: the person chooses.
 */
function wholeMatch(typed: string, found: CityZone[]): { city: CityZone | null; choices: CityZone[] } {
  const whole = found.filter((c) => c.match !== 'beginning' && cityKey(c.name) === cityKey(withoutCityPrefix(typed)));
  const own = whole.filter((c) => c.match === 'name');
  const named = own.length ? own : whole;
  return new Set(named.map((c) => c.timezone)).size === 1 ? { city: named[0]!, choices: [] } : { city: null, choices: named };
}
const zoneFilter = createFilterOptions<Option>();

/** The zone's time now, ticking each half minute. */
function useNow(zone: string): string | null {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (!zone) return null;
  try {
    return wallClockOf(new Date(), zone).slice(11, 16);
  } catch {
    return null;
  }
}

export function TimeZoneField({ city, value, onChange, onCityFound, error, words }: {
  /** The City field's text: a whole name found sets the zone unless it was chosen by hand. */
  city: string;
  value: string;
  onChange: (zone: string) => void;
  /** #42 A city found whole (typed in the City field, or chosen here): the form fills what it gives and is still empty. */
  onCityFound?: (city: CityZone) => void;
  /** A field error from the form (required, the server's). */
  error?: string;
  /** MUI's own words of an autocomplete, in the screen's language. */
  words: Record<string, string>;
}) {
  const translate = useTranslate();
  const lang = useLanguage();
  const zones = useQuery({ queryKey: ['timezones'], queryFn: () => api<string[]>('/api/v2.1/timezones/'), staleTime: Infinity });
  // Each zone's label once per language (about 400 of them; Intl formatters are not cheap to make).
  const labels = useMemo(() => new Map((zones.data ?? []).map((z) => [z, timeZoneLabel(z, lang)])), [zones.data, lang]);
  const label = (zone: string) => labels.get(zone) ?? timeZoneLabel(zone, lang);
  const [byHand, setByHand] = useState(false);
  const [foundCity, setFoundCity] = useState<CityZone | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [input, setInput] = useState('');
  const typed = useRef(false);
  const [hits, setHits] = useState<CityZone[]>([]);

  // The City field: a whole name found gives the zone (after a pause in typing); none found empties it.
  const firstCity = useRef(city);
  useEffect(() => {
    if (byHand || city === firstCity.current || cityKey(withoutCityPrefix(city)).length < 2) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      findCity(city).then((found) => {
        if (!live) return;
        const { city: match, choices } = wholeMatch(city, found);
        setFoundCity(match);
        if (match) onCityFound?.(match);
        setHits(choices);
        setProblem(match ? null : translate(choices.length ? 'app.cityZone.severalCities' : 'app.cityZone.cityNotFound', { city: city.trim() }));
        onChange(match?.timezone ?? '');
      }).catch(() => undefined);
    }, 400);
    return () => { live = false; clearTimeout(timer); };
    // onChange is the form's setter, new each render; the city alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [city, byHand]);

  // Cities the zone field's text finds, offered above the zones.
  useEffect(() => {
    if (!typed.current) return undefined;
    if (cityKey(withoutCityPrefix(input)).length < 2) { setHits([]); return undefined; }
    let live = true;
    const timer = setTimeout(() => { findCity(input).then((found) => { if (live) setHits(found); }).catch(() => undefined); }, 250);
    return () => { live = false; clearTimeout(timer); };
  }, [input]);

  const choose = (option: Option | null) => {
    typed.current = false;
    setByHand(true);
    setProblem(null);
    setFoundCity(option?.city ?? null);
    if (option?.city) onCityFound?.(option.city);
    setHits([]);
    onChange(option?.zone ?? '');
  };

  // Left with a text that was not chosen (the input's own text at the blur, before the autocomplete
  // puts the chosen zone's label back): the city it names whole, else an error and no zone.
  const leave = async (left: string) => {
    typed.current = false;
    const text = left.trim();
    if (!text || (value && text === label(value))) return;
    const { city: match, choices } = wholeMatch(text, await findCity(text).catch(() => []));
    if (match) { choose({ zone: match.timezone, city: match }); return; }
    setByHand(true);
    setFoundCity(null);
    setHits(choices);
    setProblem(translate(choices.length ? 'app.cityZone.severalCities' : 'app.cityZone.typedNotFound', { text, city: text }));
    onChange('');
  };

  const now = useNow(value);
  // One object per zone: the autocomplete puts the label back into the input whenever its value is a new object.
  const selected = useMemo<Option | null>(() => (value ? { zone: value } : null), [value]);
  const shown = problem && !value ? problem
    : error ?? (value && now ? [translate('app.cityZone.now', { time: now }), foundCity ? translate('app.cityZone.byCity', { city: foundCity.name, country: foundCity.country }) : null].filter(Boolean).join(' · ')
      : translate('app.cityZone.hint'));
  const options: Option[] = [...hits.map((c) => ({ zone: c.timezone, city: c })), ...(zones.data ?? []).map((zone) => ({ zone }))];
  return (
    <Autocomplete<Option>
      {...words}
      options={options}
      value={selected}
      isOptionEqualToValue={(o, v) => !o.city && o.zone === v.zone}
      getOptionKey={(o) => (o.city ? `${o.city.name}|${o.city.country_code}|${o.zone}` : o.zone)}
      getOptionLabel={(o) => (o.city ? `${o.city.name}, ${o.city.country} — ${label(o.zone)}` : label(o.zone))}
      filterOptions={(all, state) => [...all.filter((o) => o.city), ...zoneFilter(all.filter((o) => !o.city), state)]}
      inputValue={input}
      onInputChange={(_e, text, reason) => { if (reason === 'input') typed.current = true; setInput(text); }}
      onChange={(_e, option) => choose(option)}
      renderInput={(params) => (
        <TextField {...params} label={translate('app.locationSettings.fields.timezone')} required error={!!error || (!!problem && !value)}
          helperText={shown} slotProps={{ htmlInput: {
            ...params.inputProps, maxLength: TEXT_LIMITS.itemName, 'data-testid': 'timezone-input',
            // The autocomplete's own blur first (it puts the chosen zone's label back), then the text left in it.
            onBlur: (e: FocusEvent<HTMLInputElement>) => { params.inputProps.onBlur?.(e); void leave(e.target.value); },
          } }} />
      )}
    />
  );
}
