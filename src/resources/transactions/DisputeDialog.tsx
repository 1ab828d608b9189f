// Disputing a transaction: a text (required) and any number of files up to the server's limit,
// sent as multipart. Earlier disputes of the transaction are listed with their files (downloaded
// with the user's token: they are not public). On success
// the dialog closes and transactionsAlert shows (alerts close themselves after 8 s). Both calls are
// the declaration's actions (`dispute` with FormData, `disputes`) through the dataProvider.
import { useState } from 'react';
import {
  Box, Button, CircularProgress, DialogActions, DialogContent, DialogTitle, FormHelperText, Link, List, ListItem,
  ListItemText, TextField, Typography,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useInstantFormat } from '../../components/records/format';
import type { AppDataProvider } from '../../dataProvider';
import { apiFile, saveBlob } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import type { TransactionRow } from './types';
import { CancelButton, GuardedDialog } from '../../components/forms/GuardedDialog';
import { TEXT_LIMITS } from '../../../domain/textLimits';

/** The server's limits on dispute files (PDF or images), shown in the dialog's hint. */
export const DISPUTE_MAX_FILES = 5;
export const DISPUTE_MAX_MB = 10;

export interface DisputeRecord {
  id: number; text: string; created: string; user_email: string | null; files: { name: string; url: string; size: number }[];
}

const NAME = 'transactions';

export function DisputeDialog({ record: transaction, onClose }: { record: TransactionRow; onClose: () => void }) {
  const instant = useInstantFormat();
  const translate = useTranslate();
  const notify = useNotify();
  const run = useGenericHandler();
  // The files are not public: the server answers them to this user's token only, so they are
  // fetched with it and saved, not opened by address.
  const download = (f: DisputeRecord['files'][number]) => run(async () => {
    const { blob, fileName } = await apiFile(f.url);
    saveBlob(blob, fileName ?? f.name);
  });
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const dataProvider = useDataProvider<AppDataProvider>();
  const earlier = useQuery({
    queryKey: ['disputes', transaction.id],
    queryFn: async () => (await dataProvider.action<DisputeRecord[]>(NAME, { id: transaction.id, action: 'disputes' })).data,
  });
  const textMissing = !text.trim();

  const send = async () => {
    setBusy(true);
    setErrors({});
    const form = new FormData();
    form.append('text', text.trim());
    for (const file of files) form.append('files', file, file.name);
    try {
      const saved = await run(() => dataProvider.action<DisputeRecord>(NAME, { id: transaction.id, action: 'dispute', data: form }), (err) => {
        const fields = (err.body?.errors ?? {}) as Record<string, string>;
        if (!fields.text && !fields.files) return false;
        setErrors(fields);
        return true;
      });
      if (!saved) return;
      notify('app.money.transactions.transactionsAlert', { type: 'success' });
      onClose();
    } finally {
      setBusy(false);
    }
  };

  const textError = errors.text ?? (touched && textMissing ? translate('validation.validationRequired') : undefined);
  return (
    <GuardedDialog busy={busy} dirty={!!text.trim() || files.length > 0} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="dispute-title" data-testid="dispute">
      <DialogTitle id="dispute-title">{translate('app.money.transactions.disputeTitle', { id: transaction.id })}</DialogTitle>
      <DialogContent>
        <TextField
          label={translate('app.money.transactions.disputeText')} value={text} required fullWidth multiline minRows={3} margin="dense"
          onChange={(e) => setText(e.target.value)} onBlur={() => setTouched(true)}
          error={!!textError} helperText={textError} slotProps={{ htmlInput: { maxLength: TEXT_LIMITS.disputeText } }}
        />
        <Box sx={{ mt: 1 }}>
          <Button component="label" variant="outlined" size="small" startIcon={<AttachFileIcon />}>
            {translate('app.money.transactions.disputeFiles')}
            <input
              hidden type="file" multiple accept="application/pdf,image/png,image/jpeg,image/webp,image/gif" data-testid="dispute-files"
              onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
            />
          </Button>
          <FormHelperText>
            {files.length
              ? translate('app.money.transactions.disputeChosen', { names: files.map((f) => f.name).join(', ') })
              : translate('app.money.transactions.disputeFilesHint', { count: DISPUTE_MAX_FILES, size: DISPUTE_MAX_MB })}
          </FormHelperText>
          {errors.files && <FormHelperText error>{errors.files}</FormHelperText>}
        </Box>
        {!!earlier.data?.length && (
          <Box sx={{ mt: 2 }} data-testid="earlier-disputes">
            <Typography variant="subtitle2">{translate('app.money.transactions.disputeEarlier')}</Typography>
            <List dense>
              {earlier.data.map((d) => (
                <ListItem key={d.id} disableGutters>
                  <ListItemText
                    primary={d.text}
                    secondary={(
                      <>
                        {instant(d.created)}{d.user_email ? `, ${d.user_email}` : ''}
                        {d.files.map((f) => (
                          <Link
                            key={f.url} href={f.url} sx={{ ml: 1 }}
                            onClick={(e) => { e.preventDefault(); void download(f); }}
                          >{f.name}</Link>
                        ))}
                      </>
                    )}
                  />
                </ListItem>
              ))}
            </List>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <CancelButton onClose={onClose} disabled={busy}>{translate('app.common.cancel')}</CancelButton>
        <Button variant="contained" onClick={send} disabled={busy || textMissing}>
          {busy && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
          {translate('app.money.transactions.disputeSend')}
        </Button>
      </DialogActions>
    </GuardedDialog>
  );
}
