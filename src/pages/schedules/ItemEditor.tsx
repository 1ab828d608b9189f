// One item of the schedule grid: when it runs (begin, end, session length, overlap), on which day
// types, its own breaks, and its pricing rows (each from a start time until the next row).
import {
  Box, Button, Card, CardContent, Chip, Divider, FormControlLabel, IconButton, Radio, RadioGroup, Stack, TextField, Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import { DAY_TYPES } from '../../../domain/schedule/types';
import { BreaksEditor } from './BreaksEditor';
import { TimeField } from '../../components/forms/TimeField';
import { useFieldMessage, useFieldProps, useTouch } from './editorFields';
import { emptyPricing, WEEKDAYS, WEEKEND, type ItemForm, type PriceKind, type PricingForm } from './scheduleForm';
import { differingDurations } from '../../../domain/sessionLength';
import type { Currency } from '../../../domain/money';
import { currencyAdornment } from '../../components/forms/currencyAdornment';

function DayTypesPicker({ value, onChange, path }: { value: number[]; onChange: (v: number[]) => void; path: string }) {
  const translate = useTranslate();
  const message = useFieldMessage()(path);
  const touch = useTouch();
  const set = (v: number[]) => { onChange([...new Set(v)].sort((a, b) => a - b)); touch(path); };
  const toggle = (d: number) => set(value.includes(d) ? value.filter((x) => x !== d) : [...value, d]);
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.75 }} role="group" aria-label={translate('app.scheduleEditor.dayTypes')}>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>{translate('app.scheduleEditor.dayTypes')}:</Typography>
        {DAY_TYPES.map((d) => {
          const on = value.includes(d);
          return (
            <Chip
              key={d}
              label={translate(`app.dayTypes.short.d${d}`)}
              title={translate(`app.dayTypes.long.d${d}`)}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => toggle(d)}
              aria-pressed={on}
              sx={d >= 8 ? { ml: d === 8 ? 1 : 0 } : undefined}
            />
          );
        })}
        <Button size="small" onClick={() => set([...value.filter((d) => !WEEKDAYS.includes(d)), ...WEEKDAYS])}>{translate('app.scheduleEditor.weekdays')}</Button>
        <Button size="small" onClick={() => set([...value.filter((d) => !WEEKEND.includes(d)), ...WEEKEND])}>{translate('app.scheduleEditor.weekend')}</Button>
      </Stack>
      <Typography variant="caption" color="error" role={message ? 'alert' : undefined} sx={{ display: 'block', minHeight: 20, ml: 1.75 }}>{message ?? ''}</Typography>
    </Box>
  );
}

function PricingRowEditor({ row, onChange, onRemove, path, canRemove, currency }: {
  row: PricingForm;
  currency?: Currency | null;
  onChange: (row: PricingForm) => void;
  onRemove: () => void;
  path: string;
  canRemove: boolean;
}) {
  const translate = useTranslate();
  const field = useFieldProps();
  const touch = useTouch();
  const set = (patch: Partial<PricingForm>, key: string) => { onChange({ ...row, ...patch }); touch(`${path}.${key}`); };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }} data-testid="pricing-row">
      <TimeField
        size="small" label={translate('app.scheduleEditor.priceStart')} value={row.start}
        onChange={(v) => set({ start: v }, 'start')} {...field(`${path}.start`)} sx={{ width: { md: 150 } }}
      />
      <RadioGroup
        row value={row.kind} onChange={(e) => set({ kind: e.target.value as PriceKind }, 'price')}
        aria-label={translate('app.scheduleEditor.priceKind')} sx={{ flexWrap: 'nowrap', mt: { md: 0.25 } }}
      >
        <FormControlLabel value="session" control={<Radio size="small" />} label={translate('app.scheduleEditor.perSession')} />
        <FormControlLabel value="person" control={<Radio size="small" />} label={translate('app.scheduleEditor.perPerson')} />
      </RadioGroup>
      <TextField
        size="small" label={translate(row.kind === 'session' ? 'app.scheduleEditor.priceSession' : 'app.scheduleEditor.pricePerson')}
        value={row.price} onChange={(e) => set({ price: e.target.value }, 'price')} {...field(`${path}.price`)}
        slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 21 }, input: currencyAdornment(currency) }} sx={{ width: { md: 170 } }}
      />
      <TextField
        size="small" label={translate('app.scheduleEditor.prepayment')} value={row.prepayment}
        onChange={(e) => set({ prepayment: e.target.value }, 'prepayment')} {...field(`${path}.prepayment`)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }} sx={{ width: { md: 140 } }}
      />
      <Tooltip title={translate('app.scheduleEditor.removePrice')}>
        <span>
          <IconButton onClick={onRemove} disabled={!canRemove} aria-label={translate('app.scheduleEditor.removePrice')} sx={{ mt: { md: 0.5 } }}>
            <DeleteIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}

/**
 * #42 Under the row's length: the schedule's length is what is sold; where the group's playgrounds
 * say another, the row says so ("по расписанию 60 мин; в настройках зон: Куб 1 — 30 мин").
 */
function lengthHint(translate: (key: string, args?: Record<string, unknown>) => string, minutes: string, playgrounds: readonly { name: string; duration: number }[]): string | undefined {
  const sold = Number(minutes);
  if (!Number.isInteger(sold) || sold <= 0) return undefined;
  const other = playgrounds.filter((p) => differingDurations(p.duration, [sold]));
  if (!other.length) return undefined;
  return translate('app.words.sessionLength.rowDiffers', {
    minutes: sold, playgrounds: other.map((p) => translate('app.words.sessionLength.playgroundLength', { name: p.name, minutes: p.duration })).join(', '),
  });
}

export function ItemEditor({ item, index, onChange, onRemove, playgrounds = [], currency, defaultPrepayment }: {
  item: ItemForm;
  /** The location's money: its sign beside the prices (#42). */
  currency?: Currency | null;
  index: number;
  /** The playgrounds of the schedule's group (their own lengths, #42). */
  playgrounds?: readonly { name: string; duration: number }[];
  onChange: (item: ItemForm) => void;
  onRemove: () => void;
  /** #42 A new price row's prepayment, percent as typed. */
  defaultPrepayment?: string;
}) {
  const translate = useTranslate();
  const field = useFieldProps();
  const touch = useTouch();
  const path = `items.${index}`;
  const pricingMessage = useFieldMessage()(`${path}.pricing`);
  const set = (patch: Partial<ItemForm>, key?: string) => { onChange({ ...item, ...patch }); if (key) touch(`${path}.${key}`); };
  const setRow = (j: number, row: PricingForm) => set({ pricing: item.pricing.map((r, k) => (k === j ? row : r)) });
  // #42 A new row asks the editor's default prepayment (0 % where nothing is taken online).
  const addRow = () => set({ pricing: [...item.pricing, emptyPricing('', defaultPrepayment)] });

  return (
    <Card variant="outlined" component="section" aria-labelledby={`item-${index}-title`} data-testid={`item-${index}`}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography id={`item-${index}-title`} variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
            {translate('app.scheduleEditor.item', { n: index + 1 })}
          </Typography>
          <Button color="error" size="small" startIcon={<DeleteIcon />} onClick={onRemove}>{translate('app.scheduleEditor.removeItem')}</Button>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TimeField size="small" label={translate('app.scheduleEditor.begin')} value={item.begin}
            onChange={(v) => set({ begin: v }, 'begin')} {...field(`${path}.begin`)} />
          <TimeField size="small" label={translate('app.scheduleEditor.end')} value={item.end}
            onChange={(v) => set({ end: v }, 'end')} {...field(`${path}.end`, translate('app.scheduleEditor.endHint'))} />
          <TextField size="small" label={translate('app.scheduleEditor.duration')} value={item.duration}
            onChange={(e) => set({ duration: e.target.value }, 'duration')} {...field(`${path}.duration`, lengthHint(translate, item.duration, playgrounds))}
            slotProps={{ htmlInput: { inputMode: 'numeric' }, formHelperText: { 'data-testid': `item-${index}-length-hint` } as object }} />
          <TextField size="small" label={translate('app.scheduleEditor.overlap')} value={item.overlap}
            onChange={(e) => set({ overlap: e.target.value }, 'overlap')} {...field(`${path}.overlap`, translate('app.scheduleEditor.overlapHint'))} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        </Stack>
        <DayTypesPicker value={item.day_types} onChange={(day_types) => set({ day_types })} path={`${path}.day_types`} />

        <Divider sx={{ my: 1.5 }} />
        <Typography variant="subtitle2" component="h3">{translate('app.scheduleEditor.pricing')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate('app.scheduleEditor.pricingHint')}</Typography>
        {item.pricing.map((row, j) => (
          <PricingRowEditor key={j} row={row} path={`${path}.pricing.${j}`} onChange={(r) => setRow(j, r)}
            onRemove={() => set({ pricing: item.pricing.filter((_, k) => k !== j) })} canRemove={item.pricing.length > 1} currency={currency} />
        ))}
        {pricingMessage && <Typography variant="caption" color="error" role="alert" sx={{ display: 'block' }}>{pricingMessage}</Typography>}
        <Button size="small" startIcon={<AddIcon />} onClick={addRow}>{translate('app.scheduleEditor.addPrice')}</Button>

        <Divider sx={{ my: 1.5 }} />
        <BreaksEditor
          breaks={item.breaks}
          onChange={(breaks) => set({ breaks })}
          prefix={`${path}.breaks`}
          title={translate('app.scheduleEditor.itemBreaks')}
          hint={translate('app.scheduleEditor.itemBreaksHint')}
        />
      </CardContent>
    </Card>
  );
}
