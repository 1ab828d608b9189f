// What the check call says the grid produces: each item's session times (daily breaks already
// taken out), shown before saving so a wrong end time or length is seen before it sells.
import { Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ItemForm } from './scheduleForm';
import type { GridCheck } from './types';

export function GridPreviewDialog({ grid, items, saving, isNew, onSave, onClose }: {
  grid: GridCheck;
  items: ItemForm[];
  saving: boolean;
  isNew: boolean;
  onSave: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="preview-title">
      <DialogTitle id="preview-title">{translate('app.scheduleEditor.previewTitle')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('app.scheduleEditor.previewHint')}</Typography>
        {grid.items.length === 0 && <Typography>{translate('app.scheduleEditor.noItems')}</Typography>}
        <Stack spacing={2}>
          {grid.items.map((g) => {
            const item = items[g.index];
            return (
              <Box key={g.index} data-testid={`preview-item-${g.index}`}>
                <Typography variant="subtitle2" component="h3">
                  {translate('app.scheduleEditor.item', { n: g.index + 1 })}
                  {item && ` · ${item.begin}–${item.end}`}
                  {' · '}
                  {g.day_types.map((d) => translate(`app.dayTypes.short.d${d}`)).join(', ')}
                  <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                    {' · '}{translate('app.scheduleEditor.sessionsCount', { smart_count: g.sessions.length })}
                  </Box>
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                  {g.sessions.map((s) => (
                    <Chip key={s.time_start} size="small" label={`${s.time_start}–${s.time_end}`} data-testid="preview-session" />
                  ))}
                  {g.sessions.length === 0 && (
                    <Typography variant="body2" color="warning.main">{translate('app.scheduleEditor.noSessions')}</Typography>
                  )}
                </Box>
              </Box>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>{translate('app.scheduleEditor.backToEdit')}</Button>
        <Button variant="contained" onClick={onSave} disabled={saving}>
          {saving && <CircularProgress size={18} color="inherit" sx={{ mr: 1 }} />}
          {translate(isNew ? 'app.scheduleEditor.confirmCreate' : 'app.scheduleEditor.confirmSave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
