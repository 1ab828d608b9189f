// #42 The setup checklist of a location: whether the desk and the widget sell, then each step not
// done with what it lacks (the server's words), what that blocks (the desk, online, or nothing) and
// a link to the screen that fixes it; the steps done in one line. Open while something is left,
// folded once everything is done; either way one click opens or folds it.
import { useId, useState } from 'react';
import { Box, Button, Card, CardContent, Collapse, Link, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { READINESS_STEPS, type Readiness, type ReadinessStep } from '../../../domain/readiness';
import { linkFor, type ReadinessLink } from './targets';
import { useReadiness } from './useReadiness';

/** "Blocks selling at the desk and online" / "online" / "advice". */
function blocksKey(step: ReadinessStep): string {
  const desk = step.blocks.includes('desk');
  const online = step.blocks.includes('online');
  return `app.readiness.blocks.${desk && online ? 'both' : desk ? 'desk' : online ? 'online' : 'none'}`;
}

/** The screens that fix a step's items, each once, in the items' order. */
function linksOf(locationId: number | string, step: ReadinessStep): ReadinessLink[] {
  const links = (step.missing.length ? step.missing.map((m) => linkFor(locationId, step.key, m.code)) : [linkFor(locationId, step.key)]);
  return links.filter((l, i) => links.findIndex((o) => o.href === l.href) === i);
}

function Channel({ label, sells }: { label: string; sells: boolean }) {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.25, border: 1, borderRadius: 4,
      borderColor: sells ? 'success.main' : 'divider', color: sells ? 'success.dark' : 'text.secondary', fontSize: 14, whiteSpace: 'nowrap' }}>
      {sells ? <CheckCircleIcon fontSize="inherit" /> : <RadioButtonUncheckedIcon fontSize="inherit" />}
      {`${label}: ${translate(sells ? 'app.readiness.sells' : 'app.readiness.notYet')}`}
    </Box>
  );
}

function StepItem({ locationId, step }: { locationId: number | string; step: ReadinessStep }) {
  const translate = useTranslate();
  const blocking = step.blocks.length > 0;
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, py: 1, borderTop: 1, borderColor: 'divider' }} data-testid="readiness-step" data-step={step.key}
      data-blocks={step.blocks.join(' ')}>
      <Box sx={{ color: blocking ? 'error.main' : 'text.secondary', pt: 0.25 }} aria-hidden>
        {blocking ? <ErrorOutlineIcon fontSize="small" /> : <RadioButtonUncheckedIcon fontSize="small" />}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography component="h3" variant="subtitle2">{`${READINESS_STEPS.indexOf(step.key) + 1}. ${translate(`app.readiness.steps.${step.key}`)}`}</Typography>
        <Typography variant="body2" sx={{ color: blocking ? 'error.main' : 'text.secondary' }} data-testid="readiness-blocks">{translate(blocksKey(step))}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, my: 0.5 }}>
          {step.missing.map((m) => <Typography component="li" variant="body2" key={`${m.code}-${m.text}`} data-code={m.code} sx={{ overflowWrap: 'anywhere' }}>{m.text}</Typography>)}
        </Box>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
          {linksOf(locationId, step).map((l) => (
            <Link key={l.href} component={RouterLink} to={l.href} variant="body2" data-testid="readiness-link" sx={{ py: 0.5 }}>
              {`${translate(l.label)} →`}
            </Link>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}

export function ReadinessChecklist({ locationId, readiness, title, defaultOpen, dense }: {
  locationId: number | string;
  readiness: Readiness;
  /** The heading (the location's name on the start page); "Ready to sell" unless given. */
  title?: string;
  /** Open at first; unless given, open while a step is left. */
  defaultOpen?: boolean;
  /** Smaller, for a list of them (the start page). */
  dense?: boolean;
}) {
  const translate = useTranslate();
  const id = useId();
  const left = readiness.steps.filter((s) => !s.done);
  const done = readiness.steps.filter((s) => s.done);
  const [open, setOpen] = useState(defaultOpen ?? left.length > 0);
  const names = (steps: ReadinessStep[]) => steps.map((s) => translate(`app.readiness.steps.${s.key}`)).join(', ');
  return (
    <Card variant="outlined" component="section" aria-labelledby={`${id}-title`} sx={{ mb: dense ? 1 : 2 }} data-testid="readiness" data-location={locationId}
      data-complete={left.length === 0} data-ready-desk={readiness.ready_desk} data-ready-online={readiness.ready_online}>
      <CardContent sx={{ py: dense ? 1 : 2, '&:last-child': { pb: dense ? 1 : 2 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', columnGap: 1, rowGap: 0.5, flexWrap: 'wrap' }}>
          <Typography id={`${id}-title`} variant={dense ? 'subtitle1' : 'h6'} component="h2" sx={{ flex: '1 1 12rem', overflowWrap: 'anywhere', fontWeight: dense ? 600 : undefined }}>
            {title ?? translate('app.readiness.title')}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="readiness-channels">
            <Channel label={translate('app.readiness.desk')} sells={readiness.ready_desk} />
            <Channel label={translate('app.readiness.online')} sells={readiness.ready_online} />
          </Stack>
          {/* #42 Once the desk can sell, the next step is selling: the calendar, from here. */}
          {readiness.ready_desk && (
            <Link component={RouterLink} to={`/locations/${locationId}/booking_admin`} variant="body2" data-testid="readiness-calendar">
              {translate('app.manage.booking_admin')} →
            </Link>
          )}
          <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={`${id}-steps`} data-testid="readiness-toggle">
            {translate(open ? 'app.readiness.hide' : 'app.readiness.show')}
          </Button>
        </Stack>
        {!open && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="readiness-summary">
            {left.length ? translate('app.readiness.left', { steps: names(left) }) : translate('app.readiness.allDone')}
          </Typography>
        )}
        <Collapse in={open} id={`${id}-steps`} unmountOnExit>
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, mt: 1 }}>
            {left.map((s) => <StepItem key={s.key} locationId={locationId} step={s} />)}
          </Box>
          {done.length > 0 && (
            <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pt: 1, borderTop: left.length ? 1 : 0, borderColor: 'divider', color: 'success.dark' }}
              data-testid="readiness-done">
              <CheckCircleIcon fontSize="inherit" aria-hidden />
              {translate('app.readiness.doneSteps', { steps: names(done) })}
            </Typography>
          )}
        </Collapse>
      </CardContent>
    </Card>
  );
}

/** The checklist of one location, read here (nothing while it loads; a line when it cannot be read). */
export function LocationReadiness({ locationId }: { locationId: number | string }) {
  const translate = useTranslate();
  const readiness = useReadiness(locationId);
  if (readiness.isError) return <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="readiness-failed">{translate('app.readiness.failed')}</Typography>;
  if (!readiness.data) return null;
  return <ReadinessChecklist locationId={locationId} readiness={readiness.data} />;
}
