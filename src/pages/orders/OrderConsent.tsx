// #40 The order page's record of the customer's personal-data consent (152-FZ): the version of the
// location's consent text, when it was accepted (the one date formatter, on the location's clock),
// from which address and browser (cut to a line, the whole user agent on hover), the SHA-256 of the
// exact text, and the text itself one click away. An order without a record shows nothing, but a
// widget order says it has none (docs/decisions.md: those were booked before the widget asked).
import { useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TruncatedText } from '../../components/TruncatedText';
import type { PersonalDataConsent } from '../booking/types';

function Item({ label, children, testId, wide }: { label: string; children: ReactNode; testId: string; wide?: boolean }) {
  return (
    <Grid size={wide ? 12 : { xs: 12, sm: 6, md: 4 }} sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">{label}</Typography>
      <Typography component="div" data-testid={testId} sx={{ wordBreak: 'break-word', minWidth: 0 }}>{children}</Typography>
    </Grid>
  );
}

export function OrderConsent({ consent, source, when }: {
  consent: PersonalDataConsent | null | undefined;
  /** The order's source: a widget order without a record says so. */
  source: string | undefined;
  /** The page's date formatter (the location's clock). */
  when: (iso: string) => string;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const t = (key: string, options?: object) => translate(`app.consent.order.${key}`, options);
  if (!consent && source !== 'widget') return null;
  return (
    <Card sx={{ mb: 2 }} data-testid="order-consent">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{t('title')}</Typography>
        {!consent ? (
          <Typography color="text.secondary" data-testid="order-consent-missing">{t('notRecorded')}</Typography>
        ) : (
          <>
            <Grid container spacing={2}>
              <Item label={t('version')} testId="order-consent-version">{consent.version}</Item>
              <Item label={t('acceptedAt')} testId="order-consent-accepted">{when(consent.accepted_at)}</Item>
              <Item label={t('ip')} testId="order-consent-ip">{consent.ip || '—'}</Item>
              <Item label={t('browser')} testId="order-consent-browser" wide>
                {consent.user_agent ? <TruncatedText text={consent.user_agent} maxWidth="100%" /> : '—'}
              </Item>
              <Item label={t('hash')} testId="order-consent-hash" wide>
                <Box component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{consent.text_hash}</Box>
              </Item>
            </Grid>
            <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setOpen(true)} data-testid="order-consent-show">{t('showText')}</Button>
            <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth aria-labelledby="consent-text-title">
              <DialogTitle id="consent-text-title">{t('textTitle', { version: consent.version })}</DialogTitle>
              <DialogContent dividers>
                <Typography component="div" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="order-consent-text">{consent.text}</Typography>
              </DialogContent>
              <DialogActions>
                <Button onClick={() => setOpen(false)} autoFocus>{translate('app.common.close')}</Button>
              </DialogActions>
            </Dialog>
          </>
        )}
      </CardContent>
    </Card>
  );
}
