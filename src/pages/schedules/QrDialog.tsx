// The QR code of a group's booking widget link, `<origin>/widget/?location=<id>&group=<gid>`: the
// customer's page itself (a phone scanning it has no staff login), with a real PNG download.
import { useEffect, useState } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import QRCode from 'qrcode';
import { useTranslate } from 'react-admin';
import type { GroupRecord } from '../../resources/locations/types';

export const widgetUrl = (locationId: string | number, groupId: number) =>
  `${window.location.origin}/widget/?location=${locationId}&group=${groupId}`;

/** A file name a manager can recognise later: the group's name, made safe for any disk. */
export function qrFileName(group: GroupRecord): string {
  const slug = group.name.trim().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  return `qr-${slug || 'group'}-${group.id}.png`;
}

export function QrDialog({ locationId, group, onClose }: { locationId: string; group: GroupRecord; onClose: () => void }) {
  const translate = useTranslate();
  const url = widgetUrl(locationId, group.id);
  const [png, setPng] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { width: 512, margin: 2, errorCorrectionLevel: 'M' }).then((data) => { if (live) setPng(data); });
    return () => { live = false; };
  }, [url]);

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="qr-title">
      <DialogTitle id="qr-title">{translate('app.schedules.qrTitle', { name: group.name })}</DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        <Box sx={{ width: 256, height: 256, mx: 'auto', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          {png
            ? <img src={png} width={256} height={256} alt={translate('app.schedules.qrAlt', { name: group.name })} data-testid="qr-image" />
            : <CircularProgress />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{translate('app.schedules.qrHint')}</Typography>
        <Link href={url} target="_blank" rel="noopener" variant="body2" sx={{ wordBreak: 'break-all' }}>{url}</Link>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.common.close')}</Button>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          component="a"
          href={png ?? undefined}
          download={qrFileName(group)}
          disabled={!png}
        >
          {translate('app.schedules.downloadPng')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
