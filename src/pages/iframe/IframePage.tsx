// /iframe (the specs' test page of the booking widget): a sample venue page with the widget embedded
// for a chosen location (and group, language), exactly as the snippet below it embeds it, so staff
// can try it as customers will; and that snippet with a copy button. ?location=&group=&lang= preset it.
import { useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { api } from '../../dataProvider/http';
import { HEIGHT_MESSAGE, SCROLL_MESSAGE, embedSnippet, scrollTarget, widgetSrc } from './snippet';
import { useSignedIn } from '../../authProvider/useSignedIn';

interface MyLocation {
  id: number;
  name: string;
  /** #42 A closed location is not offered: the widget refuses it. */
  is_active: boolean;
  playground_groups: { id: number; name: string; playgrounds: number[] }[];
}

export function IframePage() {
  useSignedIn();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [params, setParams] = useSearchParams();
  const locations = useQuery({ queryKey: ['locations', 'my'], queryFn: () => api<MyLocation[]>('/api/v2.1/locations/my/') });
  // #42 Only open locations: the widget (its public endpoints) refuses a closed one.
  const all = locations.data ?? [];
  const list = all.filter((l) => l.is_active !== false);
  const asked = Number(params.get('location')) || null;
  const locationId = (asked && list.some((l) => l.id === asked) ? asked : list[0]?.id) ?? null;
  const location = list.find((l) => l.id === locationId) ?? null;
  const groupId = Number(params.get('group')) || null;
  const lang = params.get('lang') === 'en' || params.get('lang') === 'ru' ? params.get('lang')! : locale;
  const origin = window.location.origin;
  const src = locationId ? widgetSrc(origin, locationId, groupId, lang) : null;
  const snippet = useMemo(() => (src ? embedSnippet(origin, src, `venue-widget-${locationId}`, translate('app.widget.frameTitle')) : ''), [origin, src, locationId, translate]);
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(640);

  // The same listener as the snippet's: the frame follows the widget's height, and the page scrolls
  // to what the widget asks to show (#40: the form after a tap on a session). The height is applied
  // at once (flushSync), so the scroll that follows it finds the page already as tall.
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== origin || !frame.current || e.source !== frame.current.contentWindow) return;
      if (e.data?.type === HEIGHT_MESSAGE) flushSync(() => setHeight(Number(e.data.height) || 640));
      if (e.data?.type === SCROLL_MESSAGE) {
        const top = scrollTarget(frame.current.getBoundingClientRect().top, window.scrollY, e.data.top);
        if (top !== null) window.scrollTo(0, top);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin]);

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value); else next.delete(key);
    if (key === 'location') next.delete('group');
    setParams(next, { replace: true });
  };
  const copy = () => navigator.clipboard.writeText(snippet).then(
    () => notify('app.widget.copied', { type: 'success' }),
    () => notify('app.widget.copyFailed', { type: 'error' }),
  );

  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>{translate('app.widget.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>{translate('app.widget.intro')}</Typography>
      {locations.isSuccess && !list.length && <Alert severity="info">{translate('app.widget.noLocations')}</Alert>}
      {all.length > list.length && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="iframe-closed">
          {translate('app.words.closed.widget', { names: all.filter((l) => l.is_active === false).map((l) => l.name).join(', ') })}
        </Alert>
      )}
      {location && src && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <TextField select size="small" label={translate('app.widget.location')} value={location.id} onChange={(e) => set('location', e.target.value)} sx={{ minWidth: 260 }}
              slotProps={{ select: { inputProps: { 'data-testid': 'iframe-location' } } }}>
              {list.map((l) => <MenuItem key={l.id} value={l.id}>{l.name}</MenuItem>)}
            </TextField>
            <TextField select size="small" label={translate('app.widget.group')} value={groupId ?? ''} onChange={(e) => set('group', String(e.target.value))} sx={{ minWidth: 220 }}>
              <MenuItem value="">{translate('app.widget.allGroups')}</MenuItem>
              {location.playground_groups.filter((g) => g.playgrounds.length).map((g) => <MenuItem key={g.id} value={g.id}>{g.name}</MenuItem>)}
            </TextField>
            <TextField select size="small" label={translate('app.widget.language')} value={lang} onChange={(e) => set('lang', e.target.value)} sx={{ minWidth: 160 }}>
              <MenuItem value="ru">Русский</MenuItem>
              <MenuItem value="en">English</MenuItem>
            </TextField>
          </Stack>

          <Paper variant="outlined" sx={{ mb: 3, overflow: 'hidden' }} data-testid="iframe-sample">
            <Box sx={{ px: 3, py: 2, bgcolor: '#263238', color: '#fff' }}>
              <Typography variant="h6" component="p">{translate('app.widget.sampleSite')}</Typography>
              <Typography variant="body2" sx={{ opacity: 0.8 }}>{translate('app.widget.sampleText')}</Typography>
            </Box>
            <Box sx={{ p: 2, bgcolor: '#f5f5f5' }}>
              <iframe
                ref={frame}
                key={src}
                src={src}
                title={translate('app.widget.frameTitle')}
                data-testid="widget-frame"
                style={{ width: '100%', maxWidth: 760, height, border: 0, background: '#fff', display: 'block', margin: '0 auto' }}
              />
            </Box>
          </Paper>

          <Typography variant="h6" component="h2">{translate('app.widget.snippet')}</Typography>
          <Typography variant="body2" color="text.secondary">{translate('app.widget.snippetHint')}</Typography>
          <Box component="pre" data-testid="iframe-snippet" sx={{ p: 2, bgcolor: 'grey.100', borderRadius: 1, overflowX: 'auto', fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {snippet}
          </Box>
          <Stack direction="row" spacing={2}>
            <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy}>{translate('app.widget.copy')}</Button>
            <Button href={src} target="_blank" rel="noopener" startIcon={<OpenInNewIcon />}>{translate('app.widget.open')}</Button>
          </Stack>
        </>
      )}
    </Box>
  );
}
