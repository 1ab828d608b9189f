// The export buttons of a declared list: the whole filtered list as CSV and XLSX (the list URL with
// the same filters and sort plus format=csv|xlsx), named by the server's Content-Disposition.
import { useState } from 'react';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import { saveBlob } from '../../dataProvider/http';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import type { ExportFormat, ListDeclaration } from '../../resources/declaration';

const LABELS: Record<ExportFormat, string> = { csv: 'app.records.export', xlsx: 'app.records.exportXlsx' };

export function ExportButtons({ name, list }: { name: string; list: ListDeclaration }) {
  const translate = useTranslate();
  const run = useGenericHandler();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { location_id: locationId } = useParams();
  const { filterValues, sort } = useListContext();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await run(async () => {
        const filter = locationId ? { ...filterValues, location_id: locationId } : filterValues;
        const { blob, fileName } = await dataProvider.exportFile(name, { filter, format, sort });
        saveBlob(blob, fileName ?? `${list.fileName ?? name}.${format}`);
      });
    } finally {
      setBusy(null);
    }
  };
  const formats = list.exports ?? [];
  return (
    // Wraps on a phone: the hint goes under the buttons, which keep their width (at 390 px they
    // were squeezed until "Скачать CSV" ran out of its box).
    <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      {formats.map((format) => (
        <Button
          key={format} variant="outlined" size="small" onClick={() => download(format)} disabled={busy !== null} sx={{ flexShrink: 0 }}
          aria-busy={busy === format} data-testid={`export-${format}`}
          startIcon={busy === format ? <CircularProgress size={16} /> : <DownloadIcon />}
        >
          {translate(busy === format ? 'app.records.exporting' : LABELS[format])}
        </Button>
      ))}
      {formats.includes('csv') && formats.includes('xlsx') && (
        <Typography variant="caption" color="text.secondary" sx={{ maxWidth: 220 }}>{translate('app.records.exportHint')}</Typography>
      )}
    </Stack>
  );
}
