// #44 Reading the arrival QR code with the device's camera, where the browser reads barcodes (the
// Barcode Detection API with qr_code, and a camera): elsewhere the button is not there at all, and
// the USB scanner (it types the code into the search box) or typing remain. The code read is handed
// on like a typed one: the arrivals' search finds the order by the link's key.
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { useTranslate } from 'react-admin';

interface Detected { rawValue: string }
interface Detector { detect(source: HTMLVideoElement): Promise<Detected[]> }
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
}

const detectorClass = (): DetectorClass | undefined => (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** Whether this browser reads QR codes from a camera: the API, its qr_code format, and getUserMedia. */
function useCanScan(): boolean {
  const [can, setCan] = useState(false);
  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector || !navigator.mediaDevices?.getUserMedia) return undefined;
    let live = true;
    (Detector.getSupportedFormats?.() ?? Promise.resolve(['qr_code']))
      .then((formats) => { if (live) setCan(formats.includes('qr_code')); }, () => undefined);
    return () => { live = false; };
  }, []);
  return can;
}

/** How often a frame is read. */
const EVERY_MS = 200;

function ScanDialog({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const translate = useTranslate();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const handOn = useRef(onCode);
  handOn.current = onCode;
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | null = null;
    let done = false;
    const stop = () => {
      done = true;
      if (timer !== null) window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    const Detector = detectorClass()!;
    const detector = new Detector({ formats: ['qr_code'] });
    const read = async () => {
      if (done || !video.current) return;
      const found = video.current.readyState >= 2 ? await detector.detect(video.current).catch(() => [] as Detected[]) : [];
      const code = found.find((f) => f.rawValue.trim())?.rawValue.trim();
      if (done) return;
      if (code) { stop(); handOn.current(code); return; }
      timer = window.setTimeout(() => void read(), EVERY_MS);
    };
    navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }).then(async (s) => {
      if (done) { s.getTracks().forEach((t) => t.stop()); return; }
      stream = s;
      video.current!.srcObject = s;
      await video.current!.play().catch(() => undefined);
      void read();
    }, () => setFailed(true));
    return stop;
  }, []);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="arrival-camera-title">
      <DialogTitle id="arrival-camera-title">{translate('app.arrival.camera.title')}</DialogTitle>
      <DialogContent>
        {failed ? <Alert severity="warning" role="alert" data-testid="arrival-camera-failed">{translate('app.arrival.camera.denied')}</Alert> : (
          <Box component="video" ref={video} muted playsInline aria-label={translate('app.arrival.camera.video')} data-testid="arrival-camera-video"
            sx={{ width: '100%', maxHeight: '60vh', bgcolor: 'black', borderRadius: 1 }} />
        )}
      </DialogContent>
      <DialogActions><Button onClick={onClose}>{translate('app.arrival.camera.close')}</Button></DialogActions>
    </Dialog>
  );
}

/** The camera button and its dialog; nothing where the browser cannot read QR codes. */
export function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const translate = useTranslate();
  const can = useCanScan();
  const [open, setOpen] = useState(false);
  if (!can) return null;
  return (
    <>
      <Button startIcon={<QrCodeScannerIcon />} onClick={() => setOpen(true)} data-testid="arrivals-camera">{translate('app.arrival.camera.open')}</Button>
      {open && <ScanDialog onClose={() => setOpen(false)} onCode={(code) => { setOpen(false); onCode(code); }} />}
    </>
  );
}
