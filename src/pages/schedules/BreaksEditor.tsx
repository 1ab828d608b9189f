// Breaks of a schedule or of one item: start (required), duration in minutes (at least 1) and an
// optional date that makes it a one-off break. Sessions touching a break are not sold.
import { Box, Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import { useFieldProps, useTouch } from './editorFields';
import { emptyBreak, type BreakForm } from './scheduleForm';
import { DateField } from '../../components/forms/DateField';
import { TimeField } from '../../components/forms/TimeField';

export function BreaksEditor({ breaks, onChange, prefix, title, hint }: {
  breaks: BreakForm[];
  onChange: (breaks: BreakForm[]) => void;
  /** Field path of the list: `breaks` or `items.0.breaks`. */
  prefix: string;
  title: string;
  hint: string;
}) {
  const translate = useTranslate();
  const field = useFieldProps();
  const touch = useTouch();
  const set = (i: number, patch: Partial<BreakForm>) => onChange(breaks.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  return (
    <Box data-testid={`breaks-${prefix}`}>
      <Typography variant="subtitle2" component="h3">{title}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{hint}</Typography>
      {breaks.map((b, i) => {
        const path = `${prefix}.${i}`;
        return (
          <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }} data-testid="break-row">
            <TimeField
              size="small" label={translate('app.scheduleEditor.breakStart')} value={b.start}
              onChange={(v) => { set(i, { start: v }); touch(`${path}.start`); }}
              {...field(`${path}.start`)} sx={{ width: { sm: 140 } }}
            />
            <TextField
              size="small" label={translate('app.scheduleEditor.breakDuration')} value={b.duration}
              onChange={(e) => { set(i, { duration: e.target.value }); touch(`${path}.duration`); }}
              {...field(`${path}.duration`)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }} sx={{ width: { sm: 150 } }}
            />
            <DateField
              size="small" label={translate('app.scheduleEditor.breakDate')} value={b.date}
              onChange={(v) => { set(i, { date: v }); touch(`${path}.date`); }}
              {...field(`${path}.date`, translate('app.scheduleEditor.breakDateHint'))}
              sx={{ width: { sm: 190 } }}
            />
            <Tooltip title={translate('app.scheduleEditor.removeBreak')}>
              <IconButton onClick={() => onChange(breaks.filter((_, j) => j !== i))} aria-label={translate('app.scheduleEditor.removeBreak')} sx={{ mt: { sm: 0.5 } }}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </Stack>
        );
      })}
      <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...breaks, emptyBreak()])}>
        {translate('app.scheduleEditor.addBreak')}
      </Button>
    </Box>
  );
}
