// The secret of a new webhook, shown this once (the server never answers it again): the receiver
// needs it to check each delivery's X-Webhook-Signature.
import { useRef } from 'react';
import {
  Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, InputAdornment, TextField, Tooltip, Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';
import type { CreatedWebhook } from './types';

export function WebhookSecretDialog({ record: webhook, onClose }: { record: CreatedWebhook; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(webhook.secret);
      notify('app.tools.webhooks.secretCopied', { type: 'success' });
    } catch {
      // No clipboard (a page served over plain http): select the text for a manual copy.
      input.current?.select();
      notify('app.tools.webhooks.secretCopyManually', { type: 'warning' });
    }
  };

  return (
    // Closed only by its button: a click beside it must not lose the secret.
    <Dialog open fullWidth maxWidth="sm" aria-labelledby="secret-title">
      <DialogTitle id="secret-title">{translate('app.tools.webhooks.secretTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>{translate('app.tools.webhooks.secretWarning')}</Alert>
        <TextField
          label={translate('app.tools.webhooks.secret')}
          value={webhook.secret}
          inputRef={input}
          fullWidth
          onFocus={(e) => e.target.select()}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'webhook-secret', style: { fontFamily: 'monospace' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={translate('app.tools.webhooks.copySecret')}>
                    <IconButton onClick={copy} aria-label={translate('app.tools.webhooks.copySecret')} edge="end"><ContentCopyIcon /></IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>{translate('app.tools.webhooks.signatureHelp')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>{translate('app.tools.webhooks.secretSaved')}</Button>
      </DialogActions>
    </Dialog>
  );
}
