// /locations/{id}/location_management (role id 40 at the location): the location's name and balance
// (in its currency, placed per is_before and blank_place; a default title when it has none) and the
// spec's grid of 8 cards, then the other management screens (tools, statistics) and the booking
// widget's embed code for the venue's website, with a copy button and a link to try it on /iframe.
// #42 Above the grid, the setup checklist (src/components/readiness).
import type { ReactElement } from 'react';
import { Box, Button, Card, CardActionArea, CardContent, Link, Stack, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import BuildIcon from '@mui/icons-material/Build';
import InsightsIcon from '@mui/icons-material/Insights';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState, useNotify, useTranslate, type TranslateFunction } from 'react-admin';
import { balanceCurrency, formatMoney } from '../../../domain/money';
import { languageOf } from '../../i18n/useLanguage';
import { declarations, toolsSummary } from '../../resources/registry';
import { embedSnippet, widgetSrc } from '../iframe/snippet';
import { ManagementShell } from './ManagementShell';
import { session } from '../../authProvider/session';
import { LocationReadiness } from '../../components/readiness/ReadinessChecklist';

interface ManagementCard {
  key: string; route: string; icon: ReactElement; label: string; order: number;
  /** #42 Only an owner's (the installation's log): not shown to anyone else. */
  owner?: boolean;
  /** An i18n key, or the text made from other labels (the tools card names the tools page's tabs). */
  hint: string | ((translate: TranslateFunction) => string);
}

const card = (key: string, route: string, icon: ReactElement, order: number, hint?: ManagementCard['hint']): ManagementCard =>
  ({ key, route, icon, order, label: `app.management.cards.${key}`, hint: hint ?? `app.management.cardHints.${key}` });

/** The cards declared for one section of the page (a declaration's `menu.management`, placed by its `order`). */
function declaredCards(section: 'grid' | 'more'): ManagementCard[] {
  return declarations.flatMap((d) => {
    if (!d.menu?.management || d.route?.scope !== 'location' || (d.menu.management.section ?? 'grid') !== section) return [];
    const Icon = d.menu.icon;
    const { label, hint, order } = d.menu.management;
    return [{ key: d.route.path, route: d.route.path, icon: Icon ? <Icon fontSize="large" /> : <span />, label, hint, order, owner: !!d.access?.owner }];
  });
}

/** The spec's 8 cards, in its order: every one comes from a declaration (info, gallery, games, payments, ...). */
export const MANAGEMENT_CARDS: ManagementCard[] = [
  ...declaredCards('grid'),
].sort((a, b) => a.order - b.order);

/** Further screens of the location, below the grid: ours, and declarations that say `section: 'more'`. */
export const MORE_CARDS: ManagementCard[] = [
  card('tools', 'tools', <BuildIcon fontSize="large" />, 10, toolsSummary),
  card('statistic', 'statistic', <InsightsIcon fontSize="large" />, 20),
  ...declaredCards('more'),
].sort((a, b) => a.order - b.order);

function CardGrid({ locationId, cards }: { locationId: number; cards: ManagementCard[] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' }, gap: 2, mb: 3 }}>
      {cards.filter((c) => !c.owner || session.user()?.is_owner).map((c) => (
        <Card key={c.key} variant="outlined" data-testid={`management-card-${c.key}`}>
          <CardActionArea component={RouterLink} to={`/locations/${locationId}/${c.route}`} sx={{ height: '100%' }}>
            <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, textAlign: 'center', py: 3 }}>
              <Box sx={{ color: 'primary.main' }}>{c.icon}</Box>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{translate(c.label)}</Typography>
              <Typography variant="body2" color="text.secondary">{typeof c.hint === 'function' ? c.hint(translate) : translate(c.hint)}</Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

function WidgetSnippet({ locationId }: { locationId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const origin = window.location.origin;
  const snippet = embedSnippet(origin, widgetSrc(origin, locationId, null, locale), `venue-widget-${locationId}`, translate('app.widget.frameTitle'));
  const copy = () => navigator.clipboard.writeText(snippet).then(
    () => notify('app.widget.copied', { type: 'success' }),
    () => notify('app.widget.copyFailed', { type: 'error' }),
  );
  return (
    <Card variant="outlined" component="section" aria-labelledby="widget-snippet-title" data-testid="management-widget">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' }, gap: 1, mb: 1 }}>
          <Typography id="widget-snippet-title" variant="h6" component="h2" sx={{ flex: 1 }}>{translate('app.management.widget.title')}</Typography>
          <Link component={RouterLink} to={`/iframe?location=${locationId}`}>{translate('app.management.widget.try')}</Link>
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy} data-testid="management-widget-copy">{translate('app.management.widget.copy')}</Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('app.management.widget.hint')}</Typography>
        <Box component="pre" data-testid="management-widget-snippet"
          sx={{ m: 0, p: 1.5, bgcolor: 'grey.100', borderRadius: 1, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {snippet}
        </Box>
      </CardContent>
    </Card>
  );
}

export function LocationManagementPage() {
  const translate = useTranslate();
  return (
    <ManagementShell titleKey="app.management.gridTitle" back="locations" testId="location-management">
      {(l) => (
        <>
          <Typography sx={{ mb: 2 }} data-testid="management-balance">
            {translate('app.management.balance')}: <b>{formatMoney(l.balance, balanceCurrency(l), languageOf(translate))}</b>
          </Typography>
          {/* #42 What still blocks selling, each step with the screen that fixes it. */}
          <LocationReadiness locationId={l.id} />
          <CardGrid locationId={l.id} cards={MANAGEMENT_CARDS} />
          <Typography variant="overline" color="text.secondary" component="h2">{translate('app.management.more')}</Typography>
          <CardGrid locationId={l.id} cards={MORE_CARDS} />
          <WidgetSnippet locationId={l.id} />
        </>
      )}
    </ManagementShell>
  );
}
