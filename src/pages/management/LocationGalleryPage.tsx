// /locations/{id}/location_gallery: the location's pictures as a grid of thumbnails (each opens the
// full picture), an upload button (JPEG, PNG or WebP up to the server's size limit; the server
// checks the content, not the name) and delete with a yes/no question. Every call goes through the
// dataProvider (the `location_images` declaration): useGetList, the `upload` action, useDelete.
import { useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, IconButton, ImageList, ImageListItem, ImageListItemBar, Tooltip, Typography } from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useDelete, useGetList, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { AppDataProvider } from '../../dataProvider';
import { useGenericHandler } from '../../dataProvider/useGenericHandler';
import { GALLERY_MAX_BYTES } from '../../../domain/locationManagement';
import type { GalleryImage } from './api';
import { ManagementShell } from './ManagementShell';

const ACCEPT = 'image/jpeg,image/png,image/webp';
const RESOURCE = 'location_images';

function Gallery({ locationId }: { locationId: string }) {
  const translate = useTranslate();
  // A plain array: one page holds every picture.
  const images = useGetList<GalleryImage>(RESOURCE, { pagination: { page: 1, perPage: 10_000 }, meta: { location_id: locationId } }, { retry: false });
  const client = useQueryClient();
  const run = useGenericHandler();
  const notify = useNotify();
  const [remove] = useDelete<GalleryImage>();
  const [deleting, setDeleting] = useState<GalleryImage | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: [RESOURCE] });

  if (images.isError) return <Alert severity="error">{(images.error as Error).message}</Alert>;
  if (!images.data) return <CircularProgress />;
  if (images.data.length === 0) return <Typography color="text.secondary" data-testid="gallery-empty">{translate('app.management.gallery.empty')}</Typography>;
  return (
    <>
      <ImageList cols={4} gap={12} sx={{ m: 0 }} data-testid="gallery-grid">
        {images.data.map((img, i) => (
          <ImageListItem key={img.id} data-testid="gallery-item" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
            <a href={img.url} target="_blank" rel="noopener">
              <img src={img.thumbnail} alt={translate('app.management.gallery.picture', { n: i + 1 })} loading="lazy"
                style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block' }} />
            </a>
            <ImageListItemBar
              position="bottom"
              sx={{ background: 'rgba(0,0,0,0.45)' }}
              actionIcon={(
                <Tooltip title={translate('app.management.gallery.delete')}>
                  <IconButton sx={{ color: 'white' }} onClick={() => setDeleting(img)} aria-label={translate('app.management.gallery.deleteN', { n: i + 1 })}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              )}
            />
          </ImageListItem>
        ))}
      </ImageList>
      <ConfirmDialog
        open={!!deleting}
        title={translate('app.management.gallery.deleteTitle')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          const image = deleting!;
          const done = await run(() => remove(RESOURCE, { id: image.id, previousData: image, meta: { location_id: locationId } },
            { mutationMode: 'pessimistic', returnPromise: true }));
          setDeleting(null);
          if (done !== undefined) notify('app.management.gallery.deleted', { type: 'success' });
          await refresh();
        }}
      />
    </>
  );
}

function UploadButton({ locationId }: { locationId: string }) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const run = useGenericHandler();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    // The size is checked here too, so a huge file is not sent only to be refused.
    if (file.size > GALLERY_MAX_BYTES) {
      notify('app.management.gallery.tooBig', { type: 'error', messageArgs: { max: GALLERY_MAX_BYTES / 1024 / 1024 } });
      return;
    }
    setBusy(true);
    const form = new FormData();
    form.append('image', file);
    const saved = await run(() => dataProvider.action<GalleryImage>(RESOURCE, { action: 'upload', data: form, meta: { location_id: locationId } }));
    setBusy(false);
    if (saved) notify('app.management.gallery.uploaded', { type: 'success' });
    await client.invalidateQueries({ queryKey: [RESOURCE] });
  };
  return (
    <>
      <input ref={input} type="file" accept={ACCEPT} hidden data-testid="gallery-file"
        onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void upload(f); }} />
      <Button variant="contained" startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <AddPhotoAlternateIcon />} disabled={busy}
        onClick={() => input.current?.click()} data-testid="gallery-upload">
        {translate('app.management.gallery.upload')}
      </Button>
    </>
  );
}

export function LocationGalleryPage() {
  const translate = useTranslate();
  const { location_id: locationId = '' } = useParams();
  return (
    <ManagementShell titleKey="app.management.gallery.title" testId="location-gallery" actions={<UploadButton locationId={locationId} />}>
      {() => (
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.management.gallery.hint', { max: GALLERY_MAX_BYTES / 1024 / 1024 })}
          </Typography>
          <Gallery locationId={locationId} />
        </Box>
      )}
    </ManagementShell>
  );
}
